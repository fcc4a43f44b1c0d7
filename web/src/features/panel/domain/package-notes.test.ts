import { describe, expect, it } from 'vitest'
import { packageNotes, type ActiveDiet } from './package-notes'

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
