import { describe, expect, it } from 'vitest'
import { entryStepFor, isCodeStep, previousStep, stepAfterCheck } from './steps'

describe('sign-in step transitions', () => {
  it('sends a registered sms number to LOGIN_MOBILE [AU-03]', () => {
    expect(stepAfterCheck(true, 'sms')).toBe('LOGIN_MOBILE')
  })

  it('sends a registered email number to LOGIN_EMAIL [AU-04]', () => {
    expect(stepAfterCheck(true, 'email')).toBe('LOGIN_EMAIL')
  })

  it('sends an unregistered sms number to REGISTER_MOBILE [AU-05]', () => {
    expect(stepAfterCheck(false, 'sms')).toBe('REGISTER_MOBILE')
  })

  it('sends an unregistered email number to ENTER_EMAIL [AU-06]', () => {
    expect(stepAfterCheck(false, 'email')).toBe('ENTER_EMAIL')
  })

  it('knows the code steps', () => {
    expect(['LOGIN_MOBILE', 'LOGIN_EMAIL', 'REGISTER_MOBILE', 'REGISTER_EMAIL'].every((step) => isCodeStep(step as never))).toBe(true)
    expect(isCodeStep('ENTER_MOBILE')).toBe(false)
    expect(isCodeStep('ENTER_EMAIL')).toBe(false)
  })

  it('goes back to the number from later steps and leaves from the first', () => {
    expect(previousStep('LOGIN_MOBILE', 'ENTER_MOBILE')).toBe('ENTER_MOBILE')
    expect(previousStep('REGISTER_EMAIL', 'ENTER_MOBILE')).toBe('ENTER_MOBILE')
    expect(previousStep('ENTER_MOBILE', 'ENTER_MOBILE')).toBeNull()
    expect(previousStep('LOGIN_MOBILE', 'ENTER_FILE_NUMBER')).toBe('ENTER_FILE_NUMBER')
  })

  it('opens each authentication route on its step, or on the number when none is known', () => {
    expect(entryStepFor('/enter', true, false)).toBe('ENTER_MOBILE')
    expect(entryStepFor('/login-with-reverse-otp', true, false)).toBe('ENTER_MOBILE')
    expect(entryStepFor('/login-with-file-number', false, false)).toBe('ENTER_FILE_NUMBER')
    expect(entryStepFor('/login-with-mobile', true, false)).toBe('LOGIN_MOBILE')
    expect(entryStepFor('/login-with-mobile', false, false)).toBe('ENTER_MOBILE')
    expect(entryStepFor('/register-with-mobile', true, false)).toBe('REGISTER_MOBILE')
    expect(entryStepFor('/enter-email', true, false)).toBe('ENTER_EMAIL')
    expect(entryStepFor('/register-with-email', true, false)).toBe('ENTER_EMAIL')
    expect(entryStepFor('/login-with-email', true, false)).toBe('LOGIN_EMAIL')
  })
})
