import { expect, test } from '../fixtures'
import { emailCode, smsCode } from '../support/codes'
import { authPopup as popup, chooseCountry, enterCode, requestCode } from '../support/sign-in'

test.describe('sign-in on a 390 px phone', () => {
  test('a new Iranian customer registers with the SMS code, returns to the shop, logs out and in again', async ({
    page,
    simulators,
  }) => {
    // The shop needs a signed-in customer: the visitor is sent to sign in first [RG-15].
    await page.goto('/#/select-package-c')
    await expect(page).toHaveURL(/#\/enter\?next=/)
    await expect(popup(page)).toHaveAttribute('data-step', 'ENTER_MOBILE')

    await page.getByTestId('mobile-input').fill('۰۹۱۲۱۲۳۴۵۶۷')
    await expect(page.getByTestId('mobile-input')).toHaveValue('9121234567')
    await requestCode(page, 'REGISTER_MOBILE')
    const first = await smsCode(simulators, '09121234567')
    await enterCode(page, first)

    // Signed in and back where they came from.
    await expect(page).toHaveURL(/#\/select-package-c/)
    await expect(page.getByRole('heading', { level: 1, name: 'انتخاب دوره' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)

    // Log out from the side menu [AU-46, AU-55].
    await page.getByTestId('side-menu-button').click()
    await page.getByTestId('logout-link').click()
    await expect(page).toHaveURL(/#\/logout/)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()

    // Log in again: the number is now registered, so the popup goes to LOGIN_MOBILE [AU-03]. This BFF's resend window
    // is 1 s (support/bff.ts), and a fast machine gets here within it: the send is then refused and the code step
    // opens for the earlier code, which registration used (with the refusal as an alert). The page is loaded again and
    // the code asked for again until a send goes through.
    await expect(async () => {
      await page.goto('about:blank')
      await page.goto('/#/enter?next=%2Fselect-package-c')
      await page.getByTestId('mobile-input').fill('9121234567')
      await requestCode(page, 'LOGIN_MOBILE')
      await expect(popup(page).getByRole('alert')).toHaveCount(0, { timeout: 500 })
    }).toPass({ timeout: 15_000 })
    await enterCode(page, await smsCode(simulators, '09121234567', first))
    await expect(page).toHaveURL(/#\/select-package-c/)
    await expect(page.getByTestId('product-card').first()).toBeVisible()
  })

  test('a foreign customer registers and signs in with a code sent by e-mail', async ({ page, simulators }) => {
    await page.goto('/#/enter')
    await chooseCountry(page, 'ترکیه', '+90')
    // A number the demo data does not hold (+905321234567 is the demo's registered foreign customer).
    await page.getByTestId('mobile-input').fill('5329876543')
    await requestCode(page, 'ENTER_EMAIL')
    await page.getByTestId('email-input').fill('ayse@example.com')
    await requestCode(page, 'REGISTER_EMAIL')
    await expect(popup(page)).toContainText('یک کد ۶ رقمی به ایمیل شما ارسال شد')

    await enterCode(page, await emailCode(simulators, 'ayse@example.com'))
    await expect(page).not.toHaveURL(/#\/enter/)
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()
  })
})
