import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { buildBasketItem, buildInvoice } from '@/testing/data/checkout'
import { checkoutFooterAction, finalizeFailureOf } from './footer-action'

describe('checkout footer action', () => {
  it('is a disabled payment-method button until the invoice has loaded [PR-09]', () => {
    expect(checkoutFooterAction(undefined)).toEqual({ kind: 'choosePaymentMethod', enabled: false })
  })

  it('chooses a payment method when the payable total is above 0 [PR-07]', () => {
    expect(checkoutFooterAction(buildInvoice([buildBasketItem({ finalPrice: 1 })]))).toEqual({
      kind: 'choosePaymentMethod',
      enabled: true,
    })
  })

  it('finalizes when the payable total is exactly 0 [PR-08]', () => {
    const coveredByPoints = buildInvoice([buildBasketItem({ finalPrice: 250000, userPointDeduction: 250000 })])
    expect(checkoutFooterAction(coveredByPoints)).toEqual({ kind: 'finalize', enabled: true })
  })
})

describe('finalize failures', () => {
  it('sets the points error flag on 400 [ER-25]', () => {
    expect(finalizeFailureOf(new ApiError(400, '400', 'x'))).toBe('pointsError')
  })

  it('goes to the panel on 409 [ER-26]', () => {
    expect(finalizeFailureOf(new ApiError(409, '409', 'x'))).toBe('goToDiets')
  })

  it('shows the checkout error section otherwise [ER-20]', () => {
    expect(finalizeFailureOf(new ApiError(500, '500', 'x'))).toBe('checkoutError')
    expect(finalizeFailureOf(new ApiError(0, 'NO_TOKEN', 'x'))).toBe('checkoutError')
  })
})
