/**
 * The sign-in popup as a customer uses it: pick a country, type the number, ask for a code, type
 * the code the simulators delivered. Shared by the sign-in journeys and every journey that needs a
 * signed-in customer.
 */
import { expect, type Page } from '@playwright/test'
import type { RunningSimulators } from './bff'
import { emailCode, smsCode } from './codes'

/** The popup's steps (`data-step`) a journey waits for. */
export type AuthStep = 'ENTER_MOBILE' | 'ENTER_EMAIL' | 'LOGIN_MOBILE' | 'LOGIN_EMAIL' | 'REGISTER_MOBILE' | 'REGISTER_EMAIL'

export const authPopup = (page: Page) => page.getByTestId('auth-popup')
export const authSubmit = (page: Page) => authPopup(page).getByTestId('submit-button')

/** Presses the popup's button until it reaches `step`: a code sent moments ago makes the BFF refuse, so try again as a person would. */
export async function requestCode(page: Page, step: AuthStep): Promise<void> {
  await expect(async () => {
    await authSubmit(page).click()
    await expect(authPopup(page)).toHaveAttribute('data-step', step, { timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
}

/** Chooses the country whose Persian name is `name` in the country picker; `dialCode` as shown, e.g. +90. */
export async function chooseCountry(page: Page, name: string, dialCode: string): Promise<void> {
  await page.getByTestId('country-picker-button').click()
  await page.getByTestId('country-search').fill(name)
  await page.getByTestId('country-option').first().click()
  await page.getByTestId('country-confirm').click()
  await expect(page.getByTestId('country-picker-button')).toHaveAttribute('aria-label', `کد کشور ${dialCode}`)
}

/** Types the code and confirms it. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('code-input').fill(code)
  await authSubmit(page).click()
}

/**
 * Signs in an Iranian customer with the SMS code, starting on the popup's number step: `mobile` as
 * 09…, `step` the code step the number leads to (LOGIN_MOBILE for a known number). Returns the code.
 */
export async function signInWithSms(
  page: Page,
  simulators: RunningSimulators,
  mobile: string,
  step: AuthStep = 'LOGIN_MOBILE',
): Promise<string> {
  await expect(authPopup(page)).toHaveAttribute('data-step', 'ENTER_MOBILE')
  await page.getByTestId('mobile-input').fill(mobile)
  await requestCode(page, step)
  const code = await smsCode(simulators, mobile)
  await enterCode(page, code)
  return code
}

/** A foreign customer known to the BFF: the code goes to their e-mail (LOGIN_EMAIL). */
export interface ForeignCustomer {
  /** Persian country name as typed into the picker's search, e.g. 'ترکیه'. */
  country: string
  dialCode: string
  /** The national number as typed after the dial code. */
  nationalNumber: string
  email: string
}

/** Signs in a registered foreign customer with the e-mail code, starting on the popup's number step. */
export async function signInWithEmail(page: Page, simulators: RunningSimulators, customer: ForeignCustomer) {
  await expect(authPopup(page)).toHaveAttribute('data-step', 'ENTER_MOBILE')
  await chooseCountry(page, customer.country, customer.dialCode)
  await page.getByTestId('mobile-input').fill(customer.nationalNumber)
  await requestCode(page, 'LOGIN_EMAIL')
  await expect(authPopup(page)).toContainText('یک کد ۶ رقمی به ایمیل شما ارسال شد')
  await enterCode(page, await emailCode(simulators, customer.email))
}
