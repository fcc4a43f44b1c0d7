import { describe, expect, it } from 'vitest'
import { forgetReferral, keepReferral, keptReferral, REFERRAL_KEY, REFERRAL_TTL_MS, referralCode, referralLink } from './referral'

const NOW = 1_700_000_000_000

function keep(query: string, now = NOW) {
  keepReferral(new URLSearchParams(query), now)
}

describe('referral codes', () => {
  it('forgive spaces and lower case, and refuse anything not shaped like a code', () => {
    expect(referralCode(' k7qm2d ')).toBe('K7QM2D')
    for (const junk of ['K7QM2', 'K7QM2DX', 'K7QM0D', '<K7QM>', 'ک۷قم۲د', 'K'.repeat(10_000), '', null, undefined]) {
      expect(referralCode(junk)).toBeUndefined()
    }
  })

  it('keeps the code of the address until a week has passed, the latest invite winning', () => {
    keep('referral=k7qm2d&utm_source=x')
    expect(keptReferral(NOW + 1)).toBe('K7QM2D')
    keep('referral=ABCDEF', NOW + 2)
    expect(keptReferral(NOW + 3)).toBe('ABCDEF')
    expect(keptReferral(NOW + 2 + REFERRAL_TTL_MS + 1)).toBeUndefined()
    expect(window.localStorage.getItem(REFERRAL_KEY)).toBeNull()
  })

  it('ignores junk without dropping the code kept before', () => {
    keep('referral=K7QM2D')
    keep('referral=%3Cscript%3E')
    keep('other=1')
    expect(keptReferral(NOW)).toBe('K7QM2D')
  })

  it('forgets a stored value that is not its own, and forgets on request', () => {
    window.localStorage.setItem(REFERRAL_KEY, '{"code":"<b>","at":1700000000000}')
    expect(keptReferral(NOW)).toBeUndefined()
    window.localStorage.setItem(REFERRAL_KEY, 'not json')
    expect(keptReferral(NOW)).toBeUndefined()
    keep('referral=K7QM2D')
    forgetReferral()
    expect(keptReferral(NOW)).toBeUndefined()
  })

  it('links to the sign-in route of the shop with the code', () => {
    expect(referralLink('K7QM2D', { origin: 'https://shop.limoo.ir', pathname: '/' })).toBe(
      'https://shop.limoo.ir/#/enter?referral=K7QM2D',
    )
  })
})
