import { describe, expect, it } from 'vitest'
import { buildProduct } from '@/testing/data/products'
import { isPartnerBundle, partnerBundleLayout } from './partner-bundle'

describe('partner bundles [PM-08]', () => {
  it('are bundles whose meta type names PARTNER_DISCOUNT', () => {
    expect(isPartnerBundle(buildProduct({ productType: 'BUNDLE', meta: { type: 'PARTNER_DISCOUNT' } }))).toBe(true)
    expect(isPartnerBundle(buildProduct({ productType: 'BUNDLE', meta: { type: 'GIFT,PARTNER_DISCOUNT' } }))).toBe(true)
    expect(isPartnerBundle(buildProduct({ productType: 'BUNDLE' }))).toBe(false)
    expect(isPartnerBundle(buildProduct({ productType: 'PARTNER_DISCOUNT', meta: { type: 'PARTNER_DISCOUNT' } }))).toBe(false)
  })

  it('use layout A, B or C from partnerBundleDesign, A by default', () => {
    expect(partnerBundleLayout('B')).toBe('B')
    expect(partnerBundleLayout('c')).toBe('C')
    expect(partnerBundleLayout('A')).toBe('A')
    expect(partnerBundleLayout('Z')).toBe('A')
    expect(partnerBundleLayout(null)).toBe('A')
  })
})
