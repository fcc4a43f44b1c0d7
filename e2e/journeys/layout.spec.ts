import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { demoCustomer, demoProduct } from '../support/demo'
import { expectNothingCovers, expectTopBarAndFooterAtTheEdges } from '../support/layout'
import { toman } from '../support/money'
import { signInWithSms } from '../support/sign-in'

/** Console errors and warnings, and uncaught page errors, from now on. */
function recordConsole(page: Page): string[] {
  const noise: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => noise.push(`pageerror: ${error.message}`))
  return noise
}

test.describe('layout and overlays on a 390 px phone', () => {
  test('wizard page 2 keeps the top bar, its footer ends at the bottom, and the mentor can be declined', async ({
    page,
    simulators,
  }) => {
    const diet = demoProduct(102) // 'رژیم سه ماهه'
    const mentor = demoProduct(152) // its mentor on page 2

    await page.goto('/#/select-package-f/1')
    await signInWithSms(page, simulators, demoCustomer('09120000001').mobile)
    await expect(page.getByTestId('select-package-f')).toHaveAttribute('data-state', 'SUCCEED')
    await expectTopBarAndFooterAtTheEdges(page, 'wizard-footer')
    await page.getByRole('radio', { name: diet.title, exact: true }).check()
    await page.getByRole('button', { name: 'مرحله بعد' }).click()

    // Page 2: the app's top bar and menu above the page's own top nav; the footer on the bottom edge.
    await expect(page).toHaveURL(/#\/select-package-f\/2/)
    await expect(page.getByTestId('wizard-top-nav')).toBeVisible()
    await expect(page.getByTestId('side-menu-button')).toBeVisible()
    await expectTopBarAndFooterAtTheEdges(page, 'wizard-footer')

    // The mentor is an add-on: going on without it is offered first and chosen by default [PM-28].
    const decline = page.getByRole('radio', { name: 'نیازی ندارم' })
    const mentorOption = page.getByRole('radio', { name: mentor.title, exact: true })
    await expect(decline).toBeChecked()
    await expect(mentorOption).not.toBeChecked()
    await expect(page.getByTestId('wizard-footer-line')).toHaveCount(1)
    // Chosen, it adds its price; declined again, it is gone from the footer.
    await mentorOption.check()
    await expect(page.getByTestId('wizard-footer-total')).toHaveText(
      `مبلغ قابل پرداخت${toman(diet.finalPrice + mentor.finalPrice)}`,
    )
    await decline.check()
    await expect(page.getByTestId('wizard-footer-line')).toHaveCount(1)
    await expect(page.getByTestId('wizard-footer-total')).toHaveCount(0)
    await page.getByRole('button', { name: 'تکمیل خرید' }).click()

    // The order holds the diet alone, at the diet's price.
    await expect(page).toHaveURL(/#\/checkout-new/)
    await expect(page.getByTestId('receipt-line')).toHaveCount(1)
    await expect(page.getByTestId('receipt-line')).toHaveAttribute('data-product-id', String(diet.id))
    await expect(page.getByTestId('footer-payable')).toHaveText(toman(diet.finalPrice))
  })

  test('nothing covers a control or a price: checkout with two lines and the package list with its toast', async ({
    page,
    simulators,
  }) => {
    const diet = demoProduct(102)
    const mentor = demoProduct(152)
    // A shorter phone screen (667 px, as an iPhone SE's): the pages scroll, so the bands near the edges matter.
    await page.setViewportSize({ width: 390, height: 667 })

    // A checkout of two lines, with the points switch (this customer has points) and the chat bubble.
    await page.goto('/#/select-package-f/1')
    await signInWithSms(page, simulators, demoCustomer('09120000001').mobile)
    await page.getByRole('radio', { name: diet.title, exact: true }).check()
    await page.getByRole('button', { name: 'مرحله بعد' }).click()
    await page.getByRole('radio', { name: mentor.title, exact: true }).check()
    await page.getByRole('button', { name: 'تکمیل خرید' }).click()
    await expect(page).toHaveURL(/#\/checkout-new/)
    await expect(page.getByTestId('receipt-line')).toHaveCount(2)
    await expect(page.getByRole('switch', { name: 'استفاده از امتیاز' })).toBeVisible()
    await expect(page.getByTestId('support-chat-bubble')).toBeVisible()
    await expectNothingCovers(page, { scope: '[data-testid=checkout-page]', scroll: false })
    await expectNothingCovers(page, { scope: '[data-testid=checkout-page]', scroll: true })

    // The package list while a social-proof toast is on screen (one shows within 6 s and stays 3 s [PM-21]).
    await page.goto('/#/select-package-c')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expect(page.getByTestId('social-proof-toast')).toBeVisible({ timeout: 10_000 })
    await expectNothingCovers(page, { scope: '.select-package-c', scroll: false })
    await expect(page.getByTestId('social-proof-toast')).toBeVisible()
    await expectNothingCovers(page, { scope: '.select-package-c', scroll: true })
  })

  test('an anonymous visit to the landing and to a redirect-only route leaves the console clean', async ({ page }) => {
    const noise = recordConsole(page)
    await page.goto('/#/')
    await expect(page).toHaveURL(/#\/enter\?next=/)
    await expect(page.getByTestId('auth-popup')).toHaveAttribute('data-step', 'ENTER_MOBILE')
    // /select-package-a only redirects (to the default landing, which asks an anonymous visitor to sign in).
    await page.goto('/#/select-package-a')
    await expect(page).toHaveURL(/#\/enter\?next=/)
    await expect(page.getByTestId('auth-popup')).toHaveAttribute('data-step', 'ENTER_MOBILE')
    // The start-up calls have answered by now: verify and the session are done before the first page shows.
    await page.waitForLoadState('networkidle')
    expect(noise).toEqual([])
  })
})
