import { describe, expect, it } from 'vitest'
import { PARTNER_LANDING_DEFAULT_RETURN, partnerLandingReturnPath } from './partner-landing'

describe('partnerLandingReturnPath [RG-38]', () => {
  it('uses next as the return path', () => {
    expect(partnerLandingReturnPath('/diets')).toBe('/diets')
    expect(partnerLandingReturnPath('select-package-f/1')).toBe('/select-package-f/1')
  })

  it('defaults to select-package-c with showIntro=false', () => {
    expect(PARTNER_LANDING_DEFAULT_RETURN).toBe('/select-package-c?showIntro=false')
    expect(partnerLandingReturnPath(null)).toBe(PARTNER_LANDING_DEFAULT_RETURN)
    expect(partnerLandingReturnPath('  ')).toBe(PARTNER_LANDING_DEFAULT_RETURN)
  })

  it('does not leave the app', () => {
    expect(partnerLandingReturnPath('https://example.com')).toBe(PARTNER_LANDING_DEFAULT_RETURN)
    expect(partnerLandingReturnPath('//example.com')).toBe(PARTNER_LANDING_DEFAULT_RETURN)
  })
})
