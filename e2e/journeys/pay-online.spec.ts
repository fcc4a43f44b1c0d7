import { expect, test } from '../fixtures'
import { demoCustomer } from '../support/demo'
import { buyOneMonthDiet, payOnline } from '../support/shop'

test.describe('paying online on a 390 px phone', () => {
  test('a customer pays on the gateway page and sees the success page [PM-48, PM-61]', async ({ page, simulators }) => {
    await buyOneMonthDiet(page, simulators, demoCustomer('09120000002').mobile)

    await payOnline(page)
    await page.getByTestId('sim-pay').click()

    await expect(page).toHaveURL(/#\/payment-success\?orderId=\d+/)
    await expect(page.getByRole('heading', { name: 'پرداخت شما با موفقیت انجام شد' })).toBeVisible()
    await expect(page.getByTestId('support-button')).toHaveAttribute('href', /\/mentor\/\d+$/)
    await expect(page.getByTestId('track-order')).toBeVisible()
  })

  test('a cancelled payment shows the failure page; retry pays the same order [PM-68]', async ({ page, simulators }) => {
    await buyOneMonthDiet(page, simulators, demoCustomer('09120000002').mobile)
    const orderId = await page.evaluate(() => sessionStorage.getItem('lemonadeOrderId'))

    await payOnline(page)
    await page.getByTestId('sim-cancel').click()

    await expect(page).toHaveURL(new RegExp(`#/payment-fail\\?orderId=${orderId}`))
    await expect(page.getByRole('heading', { name: 'متاسفانه پرداخت شما ناموفق بود' })).toBeVisible()
    await expect(page.getByText(/۷۲ ساعت/)).toBeVisible()
    await page.getByRole('button', { name: 'تلاش مجدد برای پرداخت' }).click()

    await expect(page).toHaveURL(/#\/checkout-new/)
    await payOnline(page)
    await page.getByTestId('sim-pay').click()
    await expect(page).toHaveURL(new RegExp(`#/payment-success\\?orderId=${orderId}`))
    await expect(page.getByRole('heading', { name: 'پرداخت شما با موفقیت انجام شد' })).toBeVisible()
  })

  test('two tabs of one checkout open the same gateway page, and the order is paid once', async ({ page, simulators, context }) => {
    await buyOneMonthDiet(page, simulators, demoCustomer('09120000002').mobile)
    // A second tab, as the browser duplicates one: same address, same session storage.
    const storage = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)))
    const second = await context.newPage()
    await second.goto(page.url())
    await second.evaluate((entries) => {
      for (const [key, value] of JSON.parse(entries) as [string, string][]) sessionStorage.setItem(key, value)
    }, storage)
    await second.reload()

    await payOnline(page)
    await payOnline(second)
    expect(second.url()).toBe(page.url())

    await page.getByTestId('sim-pay').click()
    await expect(page).toHaveURL(/#\/payment-success\?orderId=\d+/)
    await second.goto('/#/orders-history')
    await expect(second.getByTestId('order-row')).toHaveCount(1)
    await expect(second.getByTestId('order-refund')).toHaveCount(0)
  })
})
