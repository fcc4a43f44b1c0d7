import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { demoCustomer } from '../support/demo'
import { buyOneMonthDiet } from '../support/shop'

/** Opens the payment popup; its Snapp Pay row once the eligibility check has answered. */
async function openPaymentSheet(page: Page) {
  await page.getByTestId('checkout-button').click()
  const sheet = page.getByRole('dialog', { name: 'انتخاب روش پرداخت' })
  const snappPay = sheet.getByTestId('payment-method').filter({ hasText: 'اسنپ‌پی' })
  await expect(snappPay).toBeVisible()
  return { sheet, snappPay }
}

test.describe('paying in instalments with Snapp Pay on a 390 px phone', () => {
  test('an eligible customer pays in four instalments on the Snapp Pay page [PM-37, PM-41]', async ({ page, simulators }) => {
    await buyOneMonthDiet(page, simulators, demoCustomer('09120000002').mobile)

    const { sheet, snappPay } = await openPaymentSheet(page)
    await expect(snappPay).toHaveAttribute('data-selectable', 'true')
    await snappPay.getByRole('radio').check()
    await sheet.getByTestId('payment-button').click()

    await expect(page.locator('#sim-page')).toBeVisible()
    await expect(page).toHaveURL(/\/snapppay\//)
    await page.getByTestId('sim-pay').click()
    await expect(page).toHaveURL(/#\/payment-success\?orderId=\d+/)
    await expect(page.getByRole('heading', { name: 'پرداخت شما با موفقیت انجام شد' })).toBeVisible()
  })

  test('a number Snapp Pay finds ineligible sees the method marked and pays online instead [PM-37, PM-41]', async ({
    page,
    simulators,
  }) => {
    // The simulator refuses credit to numbers ending in 0000 (gateways.md §8); a new customer registers.
    await buyOneMonthDiet(page, simulators, '09121230000', { step: 'REGISTER_MOBILE' })

    const { sheet, snappPay } = await openPaymentSheet(page)
    await expect(snappPay).toHaveAttribute('data-selectable', 'false')
    await expect(snappPay.getByRole('radio')).toBeDisabled()
    await expect(snappPay.getByTestId('not-eligible-note')).toHaveText('در حال حاضر این روش برای سفارش شما فعال نیست.')

    const online = sheet.getByRole('radio', { name: 'پرداخت آنلاین', exact: true })
    await expect(online).toBeChecked()
    await sheet.getByTestId('payment-button').click()
    await expect(page.locator('#sim-page')).toBeVisible()
    await expect(page).toHaveURL(/\/vandar\//)
    await page.getByTestId('sim-pay').click()
    await expect(page).toHaveURL(/#\/payment-success\?orderId=\d+/)
  })
})
