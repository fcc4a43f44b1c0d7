import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '../fixtures'
import { TRANSFER_DESTINATION, bffBin, type RunningBff, type RunningSimulators } from '../support/bff'
import { tehranNow } from '../support/clock'
import { demoCustomer, demoProduct } from '../support/demo'
import { toman, withPersianDigits } from '../support/money'
import { buyOneMonthDiet } from '../support/shop'

const run = promisify(execFile)

/** `bff finance …` against this test's database and SMS simulator, as finance staff run it. */
async function finance(bff: RunningBff, simulators: RunningSimulators, ...args: string[]): Promise<string> {
  const { stdout } = await run(bffBin, ['finance', ...args], {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite://${bff.databaseFile}`,
      KAVENEGAR_BASE_URL: simulators.kavenegarURL,
      KAVENEGAR_API_KEY: 'sim-key',
      NO_COLOR: '1',
    },
  })
  return stdout
}

const pad = (value: number) => String(value).padStart(2, '0')

async function latestSms(simulators: RunningSimulators, mobile: string): Promise<string> {
  const response = await fetch(`${simulators.baseURL}/_sim/sms?receptor=${encodeURIComponent(mobile)}`)
  if (!response.ok) return ''
  const sms = (await response.json()) as { message?: unknown }
  return typeof sms.message === 'string' ? sms.message : ''
}

test.describe('card-to-card transfer on a 390 px phone', () => {
  test('a customer reads where to pay how much, reports the card-to-card payment and finance approves it with the CLI [PM-40, PM-55…PM-59]', async ({
    page,
    context,
    bff,
    simulators,
  }) => {
    const customer = demoCustomer('09120000002')
    const diet = demoProduct(101)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])

    // Arrange: sign in on the way to the flat list and order the one-month diet without a mentor.
    await buyOneMonthDiet(page, simulators, customer.mobile)

    // Act 1: card to card in the payment popup opens the transfer form [PM-40].
    await page.getByTestId('checkout-button').click()
    const sheet = page.getByRole('dialog', { name: 'انتخاب روش پرداخت' })
    await sheet.getByRole('radio', { name: 'کارت به کارت', exact: true }).check()
    await sheet.getByTestId('payment-button').click()
    await expect(page).toHaveURL(/#\/pay-card\?serverType=LIMOO_SHOP/)

    // Assert 0: before paying, the page says which card to pay into, in whose name, how much and for which order;
    // the card number copies into the clipboard for the bank's app.
    const destination = page.getByTestId('transfer-destination')
    const orderId = await page.evaluate(() => sessionStorage.getItem('lemonadeOrderId'))
    const blocks = TRANSFER_DESTINATION.cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ')
    await expect(destination.getByTestId('transfer-card-number')).toHaveText(withPersianDigits(blocks))
    await expect(destination.getByTestId('transfer-card-holder')).toHaveText(TRANSFER_DESTINATION.holder)
    await expect(destination.getByTestId('transfer-card-bank')).toHaveText(TRANSFER_DESTINATION.bank)
    await expect(destination.getByTestId('transfer-amount')).toHaveText(toman(diet.finalPrice))
    await expect(destination.getByTestId('transfer-order')).toHaveText(withPersianDigits(orderId ?? 'no order'))
    await destination.getByRole('button', { name: 'کپی شماره کارت' }).click()
    await expect(destination.getByRole('status')).toHaveText('کپی شد')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TRANSFER_DESTINATION.cardNumber)

    // Act 2: the form, digits typed in Persian; submit stays disabled until every field is valid [PM-55, PM-56].
    const form = page.getByTestId('transfer-form-C2C')
    const submit = form.getByRole('button', { name: 'ثبت اطلاعات پرداخت' })
    await form.getByLabel('چهار رقم آخر کارت', { exact: true }).pressSequentially('۴۳۲۱')
    await expect(form.getByLabel('چهار رقم آخر کارت', { exact: true })).toHaveValue('4321')
    await expect(submit).toBeDisabled()
    // Paid just now: a transfer may not be dated before the order or in the future.
    const paid = tehranNow('persian')
    await form.getByLabel('روز', { exact: true }).selectOption(String(paid.day))
    await form.getByLabel('ماه', { exact: true }).selectOption(String(paid.month))
    const year = form.getByLabel('سال', { exact: true })
    await expect(year.locator('option:not([value=""])')).toHaveCount(2)
    await year.selectOption(String(paid.year))
    await form.getByLabel('ساعت', { exact: true }).selectOption(String(paid.hour))
    await expect(submit).toBeDisabled()
    await form.getByLabel('دقیقه', { exact: true }).selectOption(String(paid.minute))
    await expect(submit).toBeEnabled()
    await submit.click()

    // Assert 1: the confirmation promises an SMS within 48 hours [PM-59].
    await expect(page).toHaveURL(/#\/pay-card-success/)
    await expect(page.getByTestId('pay-card-success')).toContainText('حداکثر تا ۴۸ ساعت')
    // The page leads on: the panel shows the payment awaiting finance's confirmation.
    await page.getByRole('link', { name: 'رفتن به پنل رژیم' }).click()
    await expect(page).toHaveURL(/#\/diets$/)
    await expect(page.getByTestId('active-diet-state')).toHaveText('در انتظار تایید پرداخت')

    // Act 3: finance lists the pending transfer and approves it from the terminal.
    const list = await finance(bff, simulators, 'list')
    const row = list.split('\n').find((line) => line.includes('\tC2C\t') && line.endsWith('\t4321'))
    expect(row, list).toBeDefined()
    expect(row).toContain(`${paid.year}-${pad(paid.month)}-${pad(paid.day)} ${pad(paid.hour)}:${pad(paid.minute)}`)
    const paymentId = (row ?? '').split('\t')[0] ?? ''
    const approved = await finance(bff, simulators, 'approve', paymentId, '--by', 'e2e-finance')
    expect(approved).toContain(`transfer ${paymentId} APPROVED by e2e-finance`)
    expect(approved).toContain('SMS sent')

    // Assert 2: the customer heard by SMS, and a second approval changes nothing.
    await expect.poll(() => latestSms(simulators, customer.mobile)).toContain('تایید شد')
    await expect(finance(bff, simulators, 'approve', paymentId, '--by', 'e2e-finance')).rejects.toThrow(/reviewed already/)
    expect(await finance(bff, simulators, 'list')).toContain('no transfers waiting for review')
  })
})
