import { describe, expect, it } from 'vitest'
import {
  forgetUsedDiscount,
  forgetUserPoint,
  rememberUsedDiscount,
  rememberUserPoint,
  storedOrderId,
  storedUsedDiscountId,
  storedUserPointId,
} from './order-session'

describe('order session', () => {
  it('reads the order id from session lemonadeOrderId, ignoring anything that is not an id', () => {
    expect(storedOrderId()).toBeNull()
    window.sessionStorage.setItem('lemonadeOrderId', '77')
    expect(storedOrderId()).toBe(77)
    window.sessionStorage.setItem('lemonadeOrderId', 'undefined')
    expect(storedOrderId()).toBeNull()
    window.sessionStorage.setItem('lemonadeOrderId', '0')
    expect(storedOrderId()).toBeNull()
  })

  it('keeps the used-discount id in session as lemonadeUsedDiscountId [PR-32]', () => {
    rememberUsedDiscount(9)
    expect(window.sessionStorage.getItem('lemonadeUsedDiscountId')).toBe('9')
    expect(storedUsedDiscountId()).toBe(9)
    forgetUsedDiscount()
    expect(storedUsedDiscountId()).toBeNull()
  })

  it('persists the chosen userPointId on the device [PR-24]', () => {
    rememberUserPoint(31)
    expect(window.localStorage.getItem('userPointId')).toBe('31')
    expect(storedUserPointId()).toBe(31)
    forgetUserPoint()
    expect(storedUserPointId()).toBeNull()
  })
})
