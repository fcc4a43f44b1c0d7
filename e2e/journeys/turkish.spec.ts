import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { tehranNow } from '../support/clock'
import { demoCustomer } from '../support/demo'
import { expectNoHorizontalScroll } from '../support/layout'
import { emailCode } from '../support/codes'
import { authPopup, enterCode, requestCode } from '../support/sign-in'


/** Runs of Persian (Arabic-script) letters. */
const PERSIAN = /[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]+/g

/**
 * Every text the screen renders, visible or read aloud (labels, placeholders, titles), holds no Persian: what a
 * Turkish customer meets is what the page shows, not only what the translation files hold.
 */
async function expectNoPersian(page: Page, screen: string): Promise<void> {
  await expect
    .poll(async () => {
      const rendered = await page.evaluate(() => {
        const texts = [document.body.innerText, document.title]
        for (const element of Array.from(document.body.querySelectorAll('*'))) {
          for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
            const value = element.getAttribute(name)
            if (value) texts.push(value)
          }
        }
        return texts.join('\n')
      })
      return rendered.match(PERSIAN) ?? []
    }, { message: `Persian on the Turkish ${screen}` })
    .toEqual([])
}

test.describe('a Turkish customer abroad on a 390 px phone', () => {
  test('meets Turkish only: sign-in, country picker, the foreign wizard, checkout, payment sheet, PayPal transfer', async ({
    page,
    simulators,
  }) => {
    const customer = demoCustomer('+905321234567')

    // Sign-in in Turkish, left to right.
    await page.goto('/#/select-package-f/1?lang=tr')
    await expect(page).toHaveURL(/#\/enter\?next=/)
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
    await expect(authPopup(page)).toHaveAttribute('data-step', 'ENTER_MOBILE')
    await expectNoPersian(page, 'sign-in')

    // The country picker lists countries by their Turkish names.
    await page.getByTestId('country-picker-button').click()
    await page.getByTestId('country-search').fill('Türkiye')
    await expect(page.getByTestId('country-option').first()).toContainText('Türkiye')
    await expectNoPersian(page, 'country picker')
    await page.getByTestId('country-option').first().click()
    await page.getByTestId('country-confirm').click()
    await page.getByTestId('mobile-input').fill(customer.mobile.replace(/^\+90/, ''))
    await requestCode(page, 'LOGIN_EMAIL')
    await expectNoPersian(page, 'e-mail code step')
    await enterCode(page, await emailCode(simulators, customer.email ?? ''))

    // The foreign wizard's page, in Turkish.
    await expect(page).toHaveURL(/#\/select-package-f\/1/)
    await expect(page.getByTestId('select-package-f')).toHaveAttribute('data-state', 'SUCCEED')
    await expectNoPersian(page, 'wizard')
    await expectNoHorizontalScroll(page)
    await page.getByTestId('wizard-option').nth(1).getByRole('radio').check()
    await page.getByTestId('wizard-next').click()

    // Checkout and the payment sheet.
    await expect(page).toHaveURL(/#\/checkout-new/)
    await expect(page.getByTestId('receipt-line')).toHaveCount(1)
    await expectNoPersian(page, 'checkout')
    await page.getByTestId('checkout-button').click()
    const sheet = page.getByRole('dialog')
    await expect(sheet.getByTestId('payment-method')).toHaveCount(2)
    await expectNoPersian(page, 'payment sheet')

    // The PayPal transfer form and its confirmation.
    await sheet.locator('[data-method="PAYPAL_ROSHANDEL"] input').check()
    await sheet.getByTestId('payment-button').click()
    await expect(page).toHaveURL(/#\/paypal-pay-card/)
    await expect(page.getByTestId('transfer-form-PAYPAL_ROSHANDEL')).toBeVisible()
    await expectNoPersian(page, 'PayPal transfer form')

    // Reported now (Tehran time, Gregorian), then the confirmation and the panel it leads to.
    const now = tehranNow('gregory')
    await page.getByLabel('PayPal hesabı e-postası').fill('payer@example.com')
    await page.getByTestId('pay-day').selectOption(String(now.day))
    await page.getByTestId('pay-month').selectOption(String(now.month - 1))
    await page.getByTestId('pay-year').selectOption(String(now.year))
    await page.getByTestId('pay-hour').selectOption(String(now.hour))
    await page.getByTestId('pay-minute').selectOption(String(now.minute))
    await page.getByRole('button', { name: 'Ödeme bilgilerini kaydet' }).click()
    await expect(page).toHaveURL(/#\/pay-card-success/)
    await expectNoPersian(page, 'transfer confirmation')
    await page.getByRole('link', { name: 'Diyet paneline git' }).click()
    await expect(page.getByTestId('active-diet-state')).toBeVisible()
    await expectNoPersian(page, 'panel')
    await expectNoHorizontalScroll(page)
  })

  test('answers the diet questions in Turkish', async ({ page }) => {
    await page.goto('/#/form/f1?lang=tr')
    await expect(page.getByTestId('diet-request')).toHaveAttribute('data-step', 'f1')
    await expectNoPersian(page, 'diet request')
    await page.goto('/#/betterme/1?lang=tr')
    await expect(page.getByTestId('quiz-progress-text')).toBeVisible()
    await expectNoPersian(page, 'betterme step 1')
  })
})
