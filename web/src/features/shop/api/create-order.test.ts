import { afterEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import {
  createOrderBody,
  createOrderWithProductIdsPath,
  mustSignInBeforeOrder,
  orderStateOf,
  signInBeforeOrderPath,
  storeCreatedOrder,
} from './create-order'

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).sPCRequireAuth
})

describe('createOrderBody', () => {
  it('sends the ids, the shop service, the session id, the utm campaign and the meta (spec 2 §7)', () => {
    window.sessionStorage.setItem('sessId', 'session-7')
    window.sessionStorage.setItem('utm_campaign', 'yalda')
    expect(createOrderBody({ productIds: [102, 152], meta: { SPV: 'F', configId: 'SELECT_PACKAGE_F_PRODUCTS' } })).toEqual({
      productIds: [102, 152],
      service: 'LIMOO_SHOP',
      sessionId: 'session-7',
      utmCampaign: 'yalda',
      meta: { SPV: 'F', configId: 'SELECT_PACKAGE_F_PRODUCTS' },
    })
  })

  it('leaves out a missing session id and utm campaign', () => {
    expect(createOrderBody({ productIds: [1], meta: { SPV: 'C' } })).toEqual({
      productIds: [1],
      service: 'LIMOO_SHOP',
      meta: { SPV: 'C' },
    })
  })
})

describe('storeCreatedOrder', () => {
  it('keeps the order id as lemonadeOrderId and sets showPromotionField [PR-27]', () => {
    storeCreatedOrder(501)
    expect(window.sessionStorage.getItem('lemonadeOrderId')).toBe('501')
    expect(window.sessionStorage.getItem('showPromotionField')).toBe('true')
  })
})

describe('the anonymous order path [RG-47]', () => {
  it('keeps the ids comma-separated and encodes the back address [RG-48]', () => {
    expect(createOrderWithProductIdsPath([101, 151], '/select-package-f/2?configId=X')).toBe(
      '/CreateOderWithProductIds/?productIds=101,151&backUrl=%2Fselect-package-f%2F2%3FconfigId%3DX',
    )
  })

  it('sends the visitor to /enter with the encoded order address as next [RG-47]', () => {
    const next = '/CreateOderWithProductIds/?productIds=101,151&backUrl=%2Fselect-package-c'
    expect(signInBeforeOrderPath([101, 151], '/select-package-c')).toBe(`/enter?next=${encodeURIComponent(next)}`)
  })

  it('applies only to an anonymous visitor with sPCRequireAuth exactly false [RG-47]', () => {
    expect(mustSignInBeforeOrder()).toBe(false)
    window.sessionStorage.setItem('sPCRequireAuth', 'False')
    expect(mustSignInBeforeOrder()).toBe(false)
    window.sessionStorage.setItem('sPCRequireAuth', 'false')
    expect(mustSignInBeforeOrder()).toBe(true)
    signIn()
    expect(mustSignInBeforeOrder()).toBe(false)
  })

  it('reads sPCRequireAuth from a window setting too [RG-47]', () => {
    ;(window as unknown as Record<string, unknown>).sPCRequireAuth = 'false'
    expect(mustSignInBeforeOrder()).toBe(true)
  })
})

describe('orderStateOf', () => {
  it('names the mutation states IDLE, PENDING, SUCCESS and FAIL (spec 2 §4) [ER-19]', () => {
    expect(orderStateOf('idle')).toBe('IDLE')
    expect(orderStateOf('pending')).toBe('PENDING')
    expect(orderStateOf('success')).toBe('SUCCESS')
    expect(orderStateOf('error')).toBe('FAIL')
  })
})
