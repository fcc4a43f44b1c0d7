import { describe, expect, it } from 'vitest'
import { authErrorKey, codeReasonKey } from './errors'

describe('sign-in error catalogue', () => {
  it('maps 404 to page-not-found [ER-01]', () => {
    expect(authErrorKey('404', 'ENTER_MOBILE')).toBe('notFound')
  })

  it('maps 400 to enter-your-data-correctly [ER-02]', () => {
    expect(authErrorKey('400', 'LOGIN_MOBILE')).toBe('badInput')
  })

  it.each(['ENTER_EMAIL', 'LOGIN_EMAIL', 'REGISTER_EMAIL', 'REGISTER_MOBILE'] as const)(
    'maps 401 on %s to user-not-registered [ER-03]',
    (step) => {
      expect(authErrorKey('401', step)).toBe('notRegistered')
    },
  )

  it('maps 401 on the mobile login step to the generic message (DECISIONS) [ER-03]', () => {
    expect(authErrorKey('401', 'LOGIN_MOBILE')).toBe('serverAccess')
  })

  it('maps any other code, or none, to the server-access message [ER-04, ER-05]', () => {
    expect(authErrorKey('500', 'LOGIN_MOBILE')).toBe('serverAccess')
    expect(authErrorKey('429', 'REGISTER_MOBILE')).toBe('serverAccess')
    expect(authErrorKey(undefined, 'ENTER_MOBILE')).toBe('serverAccess')
  })
})

describe('why a sign-in code was refused', () => {
  it.each([
    ['WRONG_CODE', 'wrong'],
    ['CODE_EXPIRED', 'expired'],
    ['CODE_USED', 'used'],
    ['CODE_LOCKED', 'locked'],
    ['NO_CODE', 'notRequested'],
    ['RESEND_TOO_SOON', 'tooSoon'],
    ['HOURLY_LIMIT', 'hourlyLimit'],
    ['PROVIDER_FAILED', 'notDelivered'],
  ] as const)('names %s as %s', (reason, key) => {
    expect(codeReasonKey(reason)).toBe(key)
  })

  it('adds nothing for no reason or one it does not know', () => {
    expect(codeReasonKey(undefined)).toBeUndefined()
    expect(codeReasonKey('SOMETHING_ELSE')).toBeUndefined()
    expect(codeReasonKey('toString')).toBeUndefined()
  })
})
