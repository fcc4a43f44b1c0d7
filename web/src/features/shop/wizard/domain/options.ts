import type { Choices } from './choices'

/** What the visibility rules need of a page option (spec 2 §3 "Wizard config"). */
export interface OptionRule {
  productId: number
  /** Earlier page number (as a string) → the product that page's choice must be. */
  showIf?: Readonly<Record<string, number>> | null
}

/**
 * An option is visible only if its product is among the configuration's products and every showIf condition holds
 * against the choices of earlier pages (spec 2 §4 "Cart rules").
 */
export function isOptionVisible(
  option: OptionRule,
  earlierChoices: Choices,
  products: Readonly<Record<string, unknown>>,
): boolean {
  if (!Object.hasOwn(products, String(option.productId))) return false
  return Object.entries(option.showIf ?? {}).every(([page, productId]) => earlierChoices[page] === productId)
}

export function visibleOptions<T extends OptionRule>(
  options: readonly T[],
  earlierChoices: Choices,
  products: Readonly<Record<string, unknown>>,
): T[] {
  return options.filter((option) => isOptionVisible(option, earlierChoices, products))
}

/** The page's choice: the stored one while it is visible, else the first visible option (spec 2 §4). */
export function chosenOption<T extends OptionRule>(visible: readonly T[], stored: number | undefined): T | undefined {
  return visible.find((option) => option.productId === stored) ?? visible[0]
}
