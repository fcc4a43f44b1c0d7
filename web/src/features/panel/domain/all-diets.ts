/** What the all-diets list needs of a diet. */
export interface ListedDiet {
  referTimes: number
  isActive: boolean
}

/**
 * The panel's all-diets list (spec 3 §4 "Diet actions"): most recent referral first [DS-24]; while the package is not
 * `EXPIRED` the running diet is on the card above, so the list keeps only inactive diets [DS-25].
 */
export function listedDiets<D extends ListedDiet>(diets: readonly D[], packageStatus: string): D[] {
  const sorted = [...diets].sort((a, b) => b.referTimes - a.referTimes)
  return packageStatus === 'EXPIRED' ? sorted : sorted.filter((diet) => !diet.isActive)
}
