import type { Product } from '../types'

/** The catalogue filter of mentor add-ons: enabled MENTOR products of the shop with the MENTOR tag. */
export const MENTOR_TAG = 'MENTOR'

/**
 * The mentor add-on for a diet: a MENTOR product of the same `count` [PM-19]. None when the diet does not allow a
 * mentor or no such product exists (ER-39 then applies).
 */
export function mentorFor(selected: Product, mentors: readonly Product[]): Product | undefined {
  if (selected.meta?.isAllowedMentor !== true) return undefined
  const count = selected.meta.count
  return mentors.find((mentor) => mentor.productType === 'MENTOR' && mentor.meta?.count === count)
}
