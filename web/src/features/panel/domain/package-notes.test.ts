import { describe, expect, it } from 'vitest'
import { isCloseToExpiry, packageNotes, placeInPackage, type ActiveDiet } from './package-notes'

const base: ActiveDiet = { status: 'TRANSACTION_WATING', isReady: false, veryFirstTimeUser: true, orderId: 7 }

describe('the status card dates', () => {
  it('dates a card receipt awaiting review, and one finance refused', () => {
    const sent = { ...base, lastPaymentRequestTime: 1_700_000_000_000 }
    expect(packageNotes({ ...sent, C2CPaymentStatus: 'PENDING' })).toEqual([{ key: 'cardSent', at: 1_700_000_000_000 }])
    expect(packageNotes({ ...sent, C2CPaymentStatus: 'UNVERIFIED' })).toEqual([
      { key: 'cardRejected', at: 1_700_000_000_000 },
    ])
  })

  it('says nothing of an online payment still under way', () => {
    expect(packageNotes({ ...base, lastPaymentRequestTime: 1, hasPayment: false })).toEqual([])
  })

  it('dates the end of a paid package, else of its current diet', () => {
    const paid = { ...base, status: 'ACTIVE' as const, hasPayment: true, expireDietDate: 20 }
    expect(packageNotes({ ...paid, expirePackageAt: 30 })).toEqual([{ key: 'packageEnds', at: 30 }])
    expect(packageNotes(paid)).toEqual([{ key: 'dietEnds', at: 20 }])
    expect(packageNotes({ ...paid, hasPayment: false })).toEqual([])
  })
})

describe('the running diet in its package', () => {
  it('names the running diet of a package of several, and nothing for a one-diet package', () => {
    const running = { ...base, status: 'ACTIVE' as const, hasPayment: true }
    expect(placeInPackage({ ...running, packageCount: 3, currentDietCount: 2 })).toEqual({ current: 2, count: 3 })
    expect(placeInPackage({ ...running, packageCount: 1, currentDietCount: 1 })).toBeUndefined()
    expect(placeInPackage({ ...running, packageCount: 3 })).toBeUndefined()
  })

  it('notices a package close to expiry only', () => {
    expect(isCloseToExpiry({ ...base, status: 'CLOSE_TO_EXPIRE' })).toBe(true)
    expect(isCloseToExpiry({ ...base, status: 'ACTIVE' })).toBe(false)
  })
})
