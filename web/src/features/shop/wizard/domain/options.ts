import type { Choices, PageChoice } from './choices'

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

/**
 * The choice shown on a page (spec 2 §4): the stored one while it is still offered, else the default, the first
 * choice offered [PM-28]. An optional (add-on) page offers going on without it first, so nothing extra is bought unless
 * the customer picks it. Undefined: nothing to choose.
 */
export function pageChoice(
  visible: readonly OptionRule[],
  stored: PageChoice | undefined,
  optional: boolean,
): PageChoice | undefined {
  if (optional && stored === null) return null
  const storedOption = visible.find((option) => option.productId === stored)
  if (storedOption) return storedOption.productId
  return optional ? null : visible[0]?.productId
}
