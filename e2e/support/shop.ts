import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import type { RunningSimulators } from './bff'
import { demoProduct } from './demo'
import { toman } from './money'
import { signInWithSms } from './sign-in'

/** Signs in on the way to the flat list, orders the one-month diet (101) without a mentor and lands on the checkout. */
export async function buyOneMonthDiet(page: Page, simulators: RunningSimulators, mobile: string) {
  const diet = demoProduct(101)
  await page.goto('/#/select-package-c')
  await signInWithSms(page, simulators, mobile)
  await expect(page).toHaveURL(/#\/select-package-c/)
  await page.getByRole('radio', { name: diet.title, exact: true }).click()
  await page.getByTestId('footer-button').click()
  await page.getByTestId('additional-complete').click()
  await expect(page).toHaveURL(/#\/checkout-new/)
  await expect(page.getByTestId('footer-payable')).toHaveText(toman(diet.finalPrice))
}
