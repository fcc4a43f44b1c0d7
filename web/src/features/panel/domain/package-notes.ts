import type { components } from '@/lib/api'

export type ActiveDiet = components['schemas']['ActiveDiet']

/** A dated line of the status card: each key is a text of `panel.notes`, `at` the day it names (epoch ms). */
export interface PackageNote {
  key: 'cardSent' | 'cardRejected' | 'packageEnds' | 'dietEnds'
  at: number
}

/**
 * What a paying customer wants dated on the status card: when the card-to-card receipt awaiting review (or refused)
 * was sent, and once paid, when the package ends, or the current diet when the package's end is not known yet.
 */
export function packageNotes(diet: ActiveDiet): PackageNote[] {
  const notes: PackageNote[] = []
  const sentAt = diet.lastPaymentRequestTime
  if (sentAt !== undefined && diet.C2CPaymentStatus === 'PENDING') notes.push({ key: 'cardSent', at: sentAt })
  if (sentAt !== undefined && diet.C2CPaymentStatus === 'UNVERIFIED') notes.push({ key: 'cardRejected', at: sentAt })
  if (diet.hasPayment === true) {
    if (diet.expirePackageAt !== undefined) notes.push({ key: 'packageEnds', at: diet.expirePackageAt })
    else if (diet.expireDietDate !== undefined) notes.push({ key: 'dietEnds', at: diet.expireDietDate })
  }
  return notes
}

/** The running diet's place in a package of several diets, e.g. the second of three; none for a one-diet package. */
export function placeInPackage(diet: ActiveDiet): { current: number; count: number } | undefined {
  const { packageCount: count, currentDietCount: current } = diet
  if (count === undefined || current === undefined || count < 2 || current < 1) return undefined
  return { current, count }
}

/** The package is close to its end (CLOSE_TO_EXPIRE): the card says so, beside the button for the next diet [DS-23]. */
export function isCloseToExpiry(diet: ActiveDiet): boolean {
  return diet.status === 'CLOSE_TO_EXPIRE'
}
