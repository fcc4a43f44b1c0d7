import { expect, test } from '../fixtures'
import { demoCustomer } from '../support/demo'
import { buyOneMonthDiet } from '../support/shop'

/**
 * Every credit and bank gateway the demo offers is listed in the payment sheet and paid on its
 * simulator's page, at 390 px: page c → payment sheet → gateway page → paid order.
 */
const GATEWAYS = [
  { method: 'digipay', title: 'دیجی‌پی', page: /\/digipay\// },
  { method: 'blubank', title: 'بلوبانک', page: /\/saman\// },
  { method: 'tara', title: 'تارا', page: /\/tara\// },
] as const

test.describe('paying with a credit or bank gateway on a 390 px phone', () => {
  for (const gateway of GATEWAYS) {
    test(`${gateway.method}: listed in the sheet, paid on its page, the order paid [PM-42…PM-44]`, async ({
      page,
      simulators,
    }) => {
      await buyOneMonthDiet(page, simulators, demoCustomer('09120000002').mobile)

      await page.getByTestId('checkout-button').click()
      const sheet = page.getByRole('dialog', { name: 'انتخاب روش پرداخت' })
      const row = sheet.locator(`[data-testid=payment-method][data-method=${gateway.method}]`)
      await expect(row).toContainText(gateway.title)
      await row.getByRole('radio').check()
      await sheet.getByTestId('payment-button').click()

      await expect(page.locator('#sim-page')).toBeVisible()
      await expect(page).toHaveURL(gateway.page)
      await page.getByTestId('sim-pay').click()
      await expect(page).toHaveURL(/#\/payment-success\?orderId=\d+/)
      await expect(page.getByRole('heading', { name: 'پرداخت شما با موفقیت انجام شد' })).toBeVisible()
    })
  }
})
