import { readSetting, removeSetting, writeSetting } from '@/config/flags'

/**
 * What the checkout keeps on the device (spec 2 §3 "Storage keys"): the order and the active promotion in session
 * storage, the chosen points hold in local storage [PR-24, PR-32].
 */
export const ORDER_ID_KEY = 'lemonadeOrderId'
export const USED_DISCOUNT_ID_KEY = 'lemonadeUsedDiscountId'
export const USER_POINT_ID_KEY = 'userPointId'

function positiveId(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d+$/.test(value.trim())) return null
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** The order the checkout shows, or null when none was confirmed in this browser session. */
export function storedOrderId(): number | null {
  return positiveId(readSetting(ORDER_ID_KEY))
}

export function storedUsedDiscountId(): number | null {
  return positiveId(readSetting(USED_DISCOUNT_ID_KEY))
}

export function rememberUsedDiscount(id: number): void {
  writeSetting(USED_DISCOUNT_ID_KEY, String(id))
}

export function forgetUsedDiscount(): void {
  removeSetting(USED_DISCOUNT_ID_KEY)
}

function local(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

export function storedUserPointId(): number | null {
  return positiveId(local()?.getItem(USER_POINT_ID_KEY))
}

export function rememberUserPoint(id: number): void {
  local()?.setItem(USER_POINT_ID_KEY, String(id))
}

export function forgetUserPoint(): void {
  local()?.removeItem(USER_POINT_ID_KEY)
}
