import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '../fixtures'
import { bffBin, type RunningBff, type RunningSimulators } from '../support/bff'
import { demoCustomer } from '../support/demo'
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

async function latestSms(simulators: RunningSimulators, mobile: string): Promise<string> {
  const response = await fetch(`${simulators.baseURL}/_sim/sms?receptor=${encodeURIComponent(mobile)}`)
  if (!response.ok) return ''
  const sms = (await response.json()) as { message?: unknown }
  return typeof sms.message === 'string' ? sms.message : ''
}

test.describe('card-to-card transfer on a 390 px phone', () => {
  test('a customer reports a card-to-card payment and finance approves it with the CLI [PM-40, PM-55…PM-59]', async ({
    page,
    bff,
    simulators,
  }) => {
    const customer = demoCustomer('09120000002')

    // Arrange: sign in on the way to the flat list and order the one-month diet without a mentor.
    await buyOneMonthDiet(page, simulators, customer.mobile)

    // Act 1: card to card in the payment popup opens the transfer form [PM-40].
    await page.getByTestId('checkout-button').click()
    const sheet = page.getByRole('dialog', { name: 'انتخاب روش پرداخت' })
    await sheet.getByRole('radio', { name: 'کارت به کارت', exact: true }).check()
    await sheet.getByTestId('payment-button').click()
    await expect(page).toHaveURL(/#\/pay-card\?serverType=LIMOO_SHOP/)

    // Act 2: the form, digits typed in Persian; submit stays disabled until every field is valid [PM-55, PM-56].
    const form = page.getByTestId('transfer-form-C2C')
    const submit = form.getByRole('button', { name: 'ثبت اطلاعات پرداخت' })
    await form.getByLabel('چهار رقم آخر کارت', { exact: true }).pressSequentially('۴۳۲۱')
    await expect(form.getByLabel('چهار رقم آخر کارت', { exact: true })).toHaveValue('4321')
    await expect(submit).toBeDisabled()
    await form.getByLabel('روز', { exact: true }).selectOption('2')
    await form.getByLabel('ماه', { exact: true }).selectOption({ label: 'آذر' })
    const year = form.getByLabel('سال', { exact: true })
    await expect(year.locator('option:not([value=""])')).toHaveCount(2)
    await year.selectOption({ index: 1 })
    await form.getByLabel('ساعت', { exact: true }).selectOption('14')
    await expect(submit).toBeDisabled()
    await form.getByLabel('دقیقه', { exact: true }).selectOption('5')
    await expect(submit).toBeEnabled()
    await submit.click()

    // Assert 1: the confirmation promises an SMS within 48 hours [PM-59].
    await expect(page).toHaveURL(/#\/pay-card-success/)
    await expect(page.getByTestId('pay-card-success')).toContainText('حداکثر تا ۴۸ ساعت')

    // Act 3: finance lists the pending transfer and approves it from the terminal.
    const list = await finance(bff, simulators, 'list')
    const row = list.split('\n').find((line) => line.includes('\tC2C\t') && line.endsWith('\t4321'))
    expect(row, list).toBeDefined()
    expect(row).toContain(`-09-02 14:05`)
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
