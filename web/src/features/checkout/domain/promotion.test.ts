import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { buildBasketItem } from '@/testing/data/checkout'
import { discountFitsBasket, promotionErrorMessage, promotionSchema, sanitisePromotionCode } from './promotion'

describe('promotion code', () => {
  it('converts Persian and Arabic-Indic digits to Latin as typed [PR-28]', () => {
    expect(sanitisePromotionCode('YALDA۵۰۰۰۰')).toBe('YALDA50000')
    expect(sanitisePromotionCode('LIMOO٢٠')).toBe('LIMOO20')
  })

  it('needs a non-empty code in SET mode [PR-29]', () => {
    expect(promotionSchema.safeParse({ code: '' }).success).toBe(false)
    expect(promotionSchema.safeParse({ code: '   ' }).success).toBe(false)
    expect(promotionSchema.safeParse({ code: ' LIMOO20 ' })).toEqual({ success: true, data: { code: 'LIMOO20' } })
  })

  it('fits the basket only when discount.meta names one of its products [PR-30]', () => {
    const basket = [buildBasketItem({ productId: 101 }), buildBasketItem({ productId: 151 })]
    expect(discountFitsBasket({ '151': { percent: 20 } }, basket)).toBe(true)
    expect(discountFitsBasket({ '102': { percent: 20 }, '103': { amount: 5 } }, basket)).toBe(false)
    expect(discountFitsBasket({}, basket)).toBe(false)
    expect(discountFitsBasket(null, basket)).toBe(false)
  })

  it("explains an unknown code ('code not found') [ER-30]", () => {
    expect(promotionErrorMessage(new ApiError(404, '404', 'code not found'))).toEqual({
      key: 'checkout.promotion.notFound',
    })
  })

  it.each([
    ['CODE_EXPIRED', 'checkout.promotion.reason.expired'],
    ['CODE_NOT_YET_VALID', 'checkout.promotion.reason.notYetValid'],
    ['CODE_USED_UP', 'checkout.promotion.reason.usedUp'],
    ['ORDER_HAS_CODE', 'checkout.promotion.reason.orderHasCode'],
    ['ORDER_PAID', 'checkout.promotion.reason.orderPaid'],
  ])('shows ER-31 and why for a %s code [ER-31]', (reason, reasonKey) => {
    const refused = new ApiError(400, '400', 'خطا در ثبت کد تخفیف!', reason)
    expect(promotionErrorMessage(refused)).toEqual({ key: 'checkout.promotion.failed', reasonKey })
  })

  it('shows the BFF sentence of a 429: codes tried too often', () => {
    const text = 'تعداد درخواست‌ها بیش از حد مجاز است؛ لطفا کمی بعد دوباره تلاش کنید.'
    expect(promotionErrorMessage(new ApiError(429, '429', text))).toEqual({ text })
  })

  it('shows the BFF sentence of a 409: a payment of the order is under way', () => {
    const text = 'پرداخت آنلاین این سفارش هنوز باز است'
    expect(promotionErrorMessage(new ApiError(409, '409', text))).toEqual({ text })
  })

  it('shows the BFF sentence of a 400 and ER-31 for anything else [ER-31]', () => {
    expect(promotionErrorMessage(new ApiError(400, '400', 'خطا در ثبت کد تخفیف!'))).toEqual({
      text: 'خطا در ثبت کد تخفیف!',
    })
    expect(promotionErrorMessage(new ApiError(400, '400', ''))).toEqual({ key: 'checkout.promotion.failed' })
    expect(promotionErrorMessage(new ApiError(500, '500', 'internal'))).toEqual({ key: 'checkout.promotion.failed' })
    expect(promotionErrorMessage(new ApiError(404, 'ORDER_NOT_FOUND', 'سفارش'))).toEqual({
      key: 'checkout.promotion.failed',
    })
  })
})
