/** A product or basket line as the BFF gives it: the shop's own (Persian) texts and its meta. */
export interface ProductTextsSource {
  title: string
  subtitle?: string | null
  subtitle2?: string | null
  meta?: unknown
}

export interface ShownTexts {
  title: string
  subtitle?: string
  subtitle2?: string
}

type Field = keyof ShownTexts

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined

/**
 * What a product or basket line shows on a page in `language`: its `meta.translations[language]` texts over the
 * shop's own Persian ones, text by text (a basket line keeps its product's meta, so an invoice shows them too).
 */
export function shownTexts(item: ProductTextsSource, language: string): ShownTexts {
  const translated = objectOf(objectOf(objectOf(item.meta)?.translations)?.[language])
  const text = (field: Field) => {
    const value = translated?.[field]
    return typeof value === 'string' && value.trim() !== '' ? value : undefined
  }
  return {
    title: text('title') ?? item.title,
    subtitle: text('subtitle') ?? item.subtitle ?? undefined,
    subtitle2: text('subtitle2') ?? item.subtitle2 ?? undefined,
  }
}
