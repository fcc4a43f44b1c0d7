import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { buildBasketItem, buildInvoice } from '@/testing/data/checkout'
import { discountNote, invoiceErrorKey, invoiceStateOf, showsOriginalPrice, showsPointsLine } from './invoice'

describe('invoice lines', () => {
  it('shows the red percent note when original and final prices differ [PR-02, PR-03]', () => {
    expect(discountNote(buildBasketItem({ originalPrice: 300000, finalPrice: 199000, discountPercent: 33 }))).toBe(33)
  })

  it('shows no percent note when the prices are equal [PR-02]', () => {
    expect(discountNote(buildBasketItem({ originalPrice: 300000, finalPrice: 300000 }))).toBeNull()
    expect(discountNote(buildBasketItem({ originalPrice: 300000, finalPrice: 300000, discountPercent: 0 }))).toBeNull()
  })

  it('hides the original price of a PARTNER_DISCOUNT line [PR-04]', () => {
    const partner = buildBasketItem({ productType: 'PARTNER_DISCOUNT', originalPrice: 300000, finalPrice: 200000 })
    expect(showsOriginalPrice(partner)).toBe(false)
    expect(showsOriginalPrice({ ...partner, productType: 'DIET' })).toBe(true)
    expect(showsOriginalPrice(buildBasketItem({ originalPrice: 300000, finalPrice: 300000 }))).toBe(false)
  })

  it('shows the points line only with a points deduction [PR-06]', () => {
    expect(showsPointsLine(buildInvoice([buildBasketItem({ userPointDeduction: 0 })]))).toBe(false)
    expect(showsPointsLine(buildInvoice([buildBasketItem({ userPointDeduction: 90000 })]))).toBe(true)
  })
})

describe('invoice state', () => {
  it('is IDLE without an order, then follows the request', () => {
    expect(invoiceStateOf(false, 'pending')).toBe('IDLE')
    expect(invoiceStateOf(true, 'pending')).toBe('PENDING')
    expect(invoiceStateOf(true, 'error')).toBe('FAILED')
    expect(invoiceStateOf(true, 'success')).toBe('SUCCESS')
  })

  it('explains a 409 with the points-already-used message [ER-27] and anything else with ER-28', () => {
    expect(invoiceErrorKey(new ApiError(409, '409', 'x'))).toBe('checkout.errors.pointsAlreadyUsed')
    expect(invoiceErrorKey(new ApiError(404, '404', 'x'))).toBe('checkout.errors.invoice')
    expect(invoiceErrorKey(new ApiError(0, 'NO_TOKEN', 'x'))).toBe('checkout.errors.invoice')
  })
})
