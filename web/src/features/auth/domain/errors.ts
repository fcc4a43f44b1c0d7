import { isEmailStep, isRegisterStep, type AuthStep } from './steps'

/** Keys of `auth.errors.*`: the sign-in error catalogue of spec 1 §8. */
export type AuthErrorKey = 'notFound' | 'badInput' | 'notRegistered' | 'serverAccess'

/**
 * The message for a failed sign-in call, by its `err.code` [ER-01…ER-04]: 404 and 400 have their own; 401 on an
 * e-mail step or in registration says the user is not registered (on the mobile login step it is the generic one,
 * DECISIONS); everything else, and a failure without a code, is the server-access message. Every failure shows one
 * (DECISIONS: nothing fails silently, the mobile step included) [ER-05].
 */
export function authErrorKey(code: string | undefined, step: AuthStep): AuthErrorKey {
  switch (code) {
    case '404':
      return 'notFound'
    case '400':
      return 'badInput'
    case '401':
      return isEmailStep(step) || isRegisterStep(step) ? 'notRegistered' : 'serverAccess'
    default:
      return 'serverAccess'
  }
}

/** Keys of `auth.errors.code.*`: why the BFF refused a code (`err.reason`), said under the catalogue message. */
export type CodeReasonKey = 'wrong' | 'expired' | 'used' | 'locked' | 'notRequested' | 'tooSoon' | 'hourlyLimit' | 'notDelivered'

const CODE_REASONS: Record<string, CodeReasonKey> = {
  WRONG_CODE: 'wrong',
  CODE_EXPIRED: 'expired',
  CODE_USED: 'used',
  CODE_LOCKED: 'locked',
  NO_CODE: 'notRequested',
  RESEND_TOO_SOON: 'tooSoon',
  HOURLY_LIMIT: 'hourlyLimit',
  PROVIDER_FAILED: 'notDelivered',
}

/**
 * The specific message for a refused code, so the customer knows what to do: a wrong, expired, used or locked code, a code asked for
 * again too soon or too often, or one the provider did not deliver each says so and what to do, below the catalogue's message for its `err.code` [ER-02]; any other reason adds nothing.
 */
export function codeReasonKey(reason: string | undefined): CodeReasonKey | undefined {
  return reason !== undefined && Object.hasOwn(CODE_REASONS, reason) ? CODE_REASONS[reason] : undefined
}
