import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import type { RunningSimulators } from './bff'
import { demoProduct } from './demo'
import { toman } from './money'
import { signInWithSms, type AuthStep } from './sign-in'

export interface Arrival {
  /** The code step the number leads to: LOGIN_MOBILE for a known customer, REGISTER_MOBILE for a new one. */
  step?: AuthStep
  /** Query of the first address, e.g. flags such as `isSnappEnabled=false` the app keeps for the session. */
  query?: string
}

/** Signs in on the way to the flat list, orders the one-month diet (101) without a mentor and lands on the checkout. */
export async function buyOneMonthDiet(page: Page, simulators: RunningSimulators, mobile: string, arrival: Arrival = {}) {
  const diet = demoProduct(101)
  await page.goto(`/#/select-package-c${arrival.query ? `?${arrival.query}` : ''}`)
  await signInWithSms(page, simulators, mobile, arrival.step)
  await expect(page).toHaveURL(/#\/select-package-c/)
  await page.getByRole('radio', { name: diet.title, exact: true }).click()
  await page.getByTestId('footer-button').click()
  await page.getByTestId('additional-complete').click()
  await expect(page).toHaveURL(/#\/checkout-new/)
  await expect(page.getByTestId('footer-payable')).toHaveText(toman(diet.finalPrice))
}

/** Opens the payment popup, keeps the preselected online method and pays: the browser leaves for the gateway. */
export async function payOnline(page: Page) {
  await page.getByTestId('checkout-button').click()
  const sheet = page.getByRole('dialog', { name: 'انتخاب روش پرداخت' })
  await expect(sheet.getByRole('radio', { name: 'پرداخت آنلاین', exact: true })).toBeChecked()
  await sheet.getByTestId('payment-button').click()
  await expect(page.locator('#sim-page')).toBeVisible()
}
