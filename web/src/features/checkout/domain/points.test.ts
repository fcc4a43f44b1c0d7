import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { buildBasketItem } from '@/testing/data/checkout'
import { basketAllowsPoints, itemAllowsPoints, pointsErrorMessage, pointsSwitchState } from './points'

const withMinimum = (minAllowedPriceAfterPoints: unknown, finalPrice: number, userPointDeduction: number) =>
  buildBasketItem({ originalPrice: finalPrice, finalPrice, userPointDeduction, meta: { minAllowedPriceAfterPoints } })

describe('points per basket item', () => {
  it('allows points while the minimum is below final price plus deduction [PR-15]', () => {
    expect(itemAllowsPoints(withMinimum(100000, 90000, 20000))).toBe(true)
    expect(itemAllowsPoints(withMinimum(100000, 80000, 20000))).toBe(false)
    expect(itemAllowsPoints(withMinimum(100000, 100000, 0))).toBe(false)
  })

  it('allows points on items without a minimum [PR-16]', () => {
    expect(itemAllowsPoints(buildBasketItem({ meta: {} }))).toBe(true)
    expect(itemAllowsPoints(buildBasketItem({ meta: null }))).toBe(true)
    expect(itemAllowsPoints(withMinimum('100000', 1000, 0))).toBe(true)
  })

  it('allows points on the basket when any item does [PR-16]', () => {
    expect(basketAllowsPoints([withMinimum(100000, 80000, 0), withMinimum(1000, 5000, 0)])).toBe(true)
    expect(basketAllowsPoints([withMinimum(100000, 80000, 0)])).toBe(false)
  })
})

describe('points switch', () => {
  const allowing = [buildBasketItem()]
  const refusing = [withMinimum(100000, 80000, 0)]

  it('is off and enabled with points worth something on an allowing basket', () => {
    expect(pointsSwitchState({ status: undefined, basketItems: allowing, unusedValue: 250000 })).toEqual({
      on: false,
      disabled: false,
      maxUsage: false,
    })
  })

  it('is off, disabled and shows the max-usage message when no item allows points [PR-16, ER-37]', () => {
    expect(pointsSwitchState({ status: undefined, basketItems: refusing, unusedValue: 250000 })).toEqual({
      on: false,
      disabled: true,
      maxUsage: true,
    })
  })

  it('is disabled when the unused points are worth 0 or less, or not known yet [PR-17]', () => {
    expect(pointsSwitchState({ status: 'CANCELED', basketItems: allowing, unusedValue: 0 }).disabled).toBe(true)
    expect(pointsSwitchState({ status: undefined, basketItems: allowing, unusedValue: -5 }).disabled).toBe(true)
    expect(pointsSwitchState({ status: undefined, basketItems: allowing, unusedValue: undefined }).disabled).toBe(true)
  })

  it('is on and can be turned off while the points are ADDED_TO_ORDER [PR-18, PR-19]', () => {
    expect(pointsSwitchState({ status: 'ADDED_TO_ORDER', basketItems: allowing, unusedValue: 0 })).toEqual({
      on: true,
      disabled: false,
      maxUsage: false,
    })
  })

  it('is on and disabled while the points are RESERVED [PR-20]', () => {
    expect(pointsSwitchState({ status: 'RESERVED', basketItems: refusing, unusedValue: 0 })).toEqual({
      on: true,
      disabled: true,
      maxUsage: false,
    })
  })
})

describe('points errors', () => {
  it('shows the BFF sentence of a 400 when setting points [ER-35]', () => {
    const text = 'امتیاز شما برای سفارش دیگری رزرو شده است. لطفا سی دقیقه دیگر دوباره تلاش کنید.'
    expect(pointsErrorMessage('set', new ApiError(400, '400', text))).toEqual({ text })
  })

  it('falls back to the rule texts for a 400 without a message [ER-34, ER-35]', () => {
    expect(pointsErrorMessage('set', new ApiError(400, '400', ''))).toEqual({ key: 'checkout.points.setReserved' })
    expect(pointsErrorMessage('unset', new ApiError(400, '400', ' '))).toEqual({ key: 'checkout.points.unsetReserved' })
  })

  it('shows the BFF sentence of a 409: a payment of the order is under way', () => {
    const text = 'پرداخت آنلاین این سفارش هنوز باز است'
    expect(pointsErrorMessage('set', new ApiError(409, '409', text))).toEqual({ text })
    expect(pointsErrorMessage('unset', new ApiError(409, '409', text))).toEqual({ text })
    expect(pointsErrorMessage('set', new ApiError(409, '409', ''))).toEqual({ key: 'checkout.errors.generic' })
  })

  it('shows the generic text for other failures', () => {
    expect(pointsErrorMessage('set', new ApiError(500, '500', 'boom'))).toEqual({ key: 'checkout.errors.generic' })
  })
})
