import { expect, test } from '../fixtures'
import { demoCustomer, demoProduct } from '../support/demo'
import { signInWithSms } from '../support/sign-in'

test.describe('redeeming a Limoo gift card on a 390 px phone', () => {
  test('a visitor is sent to sign in, redeems GIFTPICK for a chosen product and reaches the result page [PM-78, PM-80, PM-81, PM-82]', async ({
    page,
    simulators,
  }) => {
    const chosen = demoProduct(111)
    await page.goto('/#/limoocard')
    await expect(page.getByTestId('gift-message')).toHaveText('در حال انتقال به صفحه ورود...')
    await expect(page).toHaveURL(/#\/enter\?next=%2Flimoocard/, { timeout: 10_000 })

    await signInWithSms(page, simulators, demoCustomer('09120000002').mobile)
    await expect(page).toHaveURL(/#\/limoocard$/)
    const submit = page.getByTestId('gift-code-submit')
    await expect(submit).toBeDisabled()
    await page.getByTestId('gift-code-input').fill('GIFTPICK')
    await submit.click()

    await expect(page).toHaveURL(/#\/select-limoocard-options$/)
    await expect(page.getByRole('heading', { name: 'هدیه‌های شما' })).toBeVisible()
    await expect(page.getByRole('radio').first()).toBeChecked()
    await page.getByRole('radio', { name: chosen.title }).check()
    await page.getByTestId('gift-continue').click()

    await expect(page).toHaveURL(new RegExp(`#/limoocard-result\\?status=success&selectedProductId=${chosen.id}$`))
    await expect(page.getByRole('heading', { name: 'هدیه شما فعال شد' })).toBeVisible()
  })
})
