import { z } from 'zod'
import { toLatinDigits } from '@/lib/digits'

/** Session storage key of the code being redeemed, read again by the option chooser and the result page. */
export const GIFT_CODE_KEY = 'giftCode'
/** Without a signed-in user the flow goes to the login page after this long (spec 2 §6, §9) [PM-80]. */
export const LOGIN_REDIRECT_MS = 3_000
/** Skeleton rows while the gift products load (spec 2 §9) [PM-81]. */
export const SKELETON_ROWS = 4

/** The form's one field: required [PM-75]. */
export const giftCodeSchema = z.object({
  giftCode: z.string().trim().min(1, 'giftcard.errors.required'),
})

export type GiftCodeValues = z.infer<typeof giftCodeSchema>

/** What is sent: trimmed, Latin digits, lower-cased (`AB12CD` → `ab12cd`) [PM-76]. */
export function normalizeGiftCode(code: string): string {
  return toLatinDigits(code.trim()).toLowerCase()
}

/** The gift-card error codes the screens name (spec 2 §8). */
const MESSAGES = {
  INVALID_CODE: 'giftcard.errors.invalidCode',
  USED_CODE: 'giftcard.errors.usedCode',
  USER_ID_REQUIRED: 'giftcard.errors.userIdRequired',
  'user-has-active-diet': 'giftcard.errors.activeDiet',
  INVALID_SELECTED_PRODUCT_ID: 'giftcard.errors.invalidProduct',
  // Codes tried too often by one customer (the BFF's throttle answers 429 with `err.code` "429").
  '429': 'giftcard.errors.tooManyTries',
} as const

export type GiftMessageKey = (typeof MESSAGES)[keyof typeof MESSAGES] | 'giftcard.errors.generic'

/** The message for an error code; anything else is the generic one [ER-41…ER-46]. */
export function messageFor(code: string | undefined): GiftMessageKey {
  return code !== undefined && code in MESSAGES ? MESSAGES[code as keyof typeof MESSAGES] : 'giftcard.errors.generic'
}

/** Where a redemption answer leads: the option chooser for several options, else the result page [PM-78, PM-79]. */
export function nextPathAfterRedeem(answer: { productOptions: number[]; orderId?: number }): string {
  const [first] = answer.productOptions
  if (answer.orderId === undefined || first === undefined) return '/select-limoocard-options'
  return `/limoocard-result?status=success&selectedProductId=${first}`
}

/** A gift the customer activated, as `GET /lemonade/api/limoo-cards/redeemed` lists it. */
export interface RedeemedGift {
  orderId: number
  productId: number
  title: string
  redeemedAt: number
}

/**
 * The gift the result page may call active: the customer's gift of the product in the address, or without a valid
 * product their newest gift. The address alone never makes a gift active.
 */
export function activeGift(gifts: readonly RedeemedGift[], selectedProductId: number | null): RedeemedGift | undefined {
  if (selectedProductId === null) return gifts[0]
  return gifts.find((gift) => gift.productId === selectedProductId)
}
