/** The ui fields of an option as the card needs them (spec 2 §2 "Select-package-f", §3 "Wizard config"). */
export interface OptionUiFields {
  title?: string | null
  subtitle?: string | null
  description?: DescriptionFields | null
  topLeftBadge?: string | null
  showLeftBadge?: boolean | null
  showOriginalPrice?: boolean | null
  showFinalPrice?: boolean | null
  showCurrency?: boolean | null
  showPlusSign?: boolean | null
}

export interface DescriptionFields {
  title?: string | null
  subtitle?: string | null
  paragraph?: string | null
  bullets?: readonly string[] | null
  bulletsStyle?: string | null
  showTitle?: boolean | null
  showSubtitle?: boolean | null
  showParagraph?: boolean | null
  showBullets?: boolean | null
}

export interface OptionProductFields {
  title: string
  subtitle?: string | null
  price: number
  finalPrice: number
}

export type BulletsStyle = 'check' | 'dot'

export interface OptionDescription {
  title: string | null
  subtitle: string | null
  paragraph: string | null
  bullets: string[]
  bulletsStyle: BulletsStyle
}

export interface OptionDisplay {
  title: string
  subtitle: string | null
  badge: string | null
  /** Struck through beside the final price; null when hidden or equal to it. */
  originalPrice: number | null
  finalPrice: number | null
  withCurrency: boolean
  plusSign: boolean
  description: OptionDescription | null
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

/** A description part shows unless its flag is false. */
function shown(flag: boolean | null | undefined, value: string | null | undefined): string | null {
  return flag === false ? null : text(value)
}

function descriptionOf(fields: DescriptionFields | null | undefined): OptionDescription | null {
  if (!fields) return null
  const description: OptionDescription = {
    title: shown(fields.showTitle, fields.title),
    subtitle: shown(fields.showSubtitle, fields.subtitle),
    paragraph: shown(fields.showParagraph, fields.paragraph),
    bullets: fields.showBullets === false ? [] : (fields.bullets ?? []).flatMap((bullet) => text(bullet) ?? []),
    bulletsStyle: fields.bulletsStyle === 'dot' ? 'dot' : 'check',
  }
  const empty = !description.title && !description.subtitle && !description.paragraph && description.bullets.length === 0
  return empty ? null : description
}

/**
 * What an option card shows. Title and subtitle fall back to the product's; the badge needs showLeftBadge; prices
 * and currency show unless their flag is false (the original price only when it differs from the final price); the
 * plus sign only with showPlusSign.
 */
export function optionDisplay(ui: OptionUiFields | null | undefined, product: OptionProductFields): OptionDisplay {
  const showFinal = ui?.showFinalPrice !== false
  const showOriginal = ui?.showOriginalPrice !== false && product.price !== product.finalPrice
  return {
    title: text(ui?.title) ?? product.title,
    subtitle: text(ui?.subtitle) ?? text(product.subtitle),
    badge: ui?.showLeftBadge === true ? text(ui.topLeftBadge) : null,
    originalPrice: showOriginal ? product.price : null,
    finalPrice: showFinal ? product.finalPrice : null,
    withCurrency: ui?.showCurrency !== false,
    plusSign: ui?.showPlusSign === true,
    description: descriptionOf(ui?.description),
  }
}
