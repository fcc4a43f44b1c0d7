import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { demoCustomer, demoProduct, demoPromotion, POINT_VALUE_TOMAN, priceAfterCode, type DemoProduct } from '../support/demo'
import { persianAmount, toman, withPersianDigits } from '../support/money'
import { expectNoHorizontalScroll } from '../support/layout'
import { signInWithSms } from '../support/sign-in'

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0)

/** The red note of a discounted line: 100 − ceil(final ÷ original × 100) [PR-03]. */
const discountPercent = (original: number, final: number) => 100 - Math.ceil((final * 100) / original)

/** What points may take off one item: down to its minAllowedPriceAfterPoints, or all of it without one [PR-16]. */
const pointsCap = (product: DemoProduct, finalPrice: number) =>
  Math.max(0, finalPrice - (product.meta.minAllowedPriceAfterPoints ?? 0))

const checkoutButton = (page: Page) => page.getByTestId('checkout-button')

/** One row of the receipt's totals: its label and amount. */
const totalRow = (page: Page, testId: string) => page.getByTestId(testId).locator('dt, dd')

/** The receipt's totals and the footer's payable amount, all at once. */
async function expectTotals(page: Page, totals: { items: number; points?: number; discount: number; payable: number }) {
  await expect(totalRow(page, 'items-total')).toHaveText(['جمع موارد', toman(totals.items)])
  if (totals.points === undefined) {
    await expect(page.getByTestId('points-deduction')).toHaveCount(0)
  } else {
    await expect(totalRow(page, 'points-deduction')).toHaveText(['استفاده از امتیاز', toman(totals.points)])
  }
  await expect(totalRow(page, 'total-discount')).toHaveText(['مجموع تخفیف:', toman(totals.discount)])
  await expect(totalRow(page, 'payable')).toHaveText(['مبلغ قابل پرداخت', toman(totals.payable)])
  await expect(page.getByTestId('footer-payable')).toHaveText(toman(totals.payable))
}

/** Types a promotion code with Persian digits, as a phone keyboard would, and submits it [PR-28]. */
async function applyCode(page: Page, code: string) {
  const form = page.getByTestId('promotion-form')
  await expect(form).toHaveAttribute('data-mode', 'SET')
  await form.getByTestId('promotion-input').pressSequentially(withPersianDigits(code))
  await expect(form.getByTestId('promotion-input')).toHaveValue(code)
  await form.getByRole('button', { name: 'ثبت کد' }).click()
  await expect(form.getByTestId('promotion-message')).toHaveText('کد تخفیف شما با موفقیت ثبت شد.')
  await expect(form).toHaveAttribute('data-mode', 'REMOVE')
  await expect(form.getByTestId('promotion-input')).toHaveValue(code)
}

test.describe('checkout on a 390 px phone', () => {
  test('a returning customer picks a package in the wizard, applies LIMOO20 and points, and opens the payment methods', async ({
    page,
    simulators,
  }, testInfo) => {
    const customer = demoCustomer('09120000001')
    const diet = demoProduct(102) // 'رژیم سه ماهه' on page 1
    const mentor = demoProduct(152) // its mentor on page 2 (showIf page 1 = 102)
    const code = demoPromotion('LIMOO20')
    const items = [diet, mentor]

    // Arrange: the wizard needs a signed-in customer [RG-15]; the returning customer signs in with the SMS code.
    await page.goto('/#/select-package-f/1')
    await expect(page).toHaveURL(/#\/enter\?next=/)
    const config = page.waitForResponse((response) => /-integrations\/config\//.test(response.url()))
    await signInWithSms(page, simulators, customer.mobile)

    // Page 1 of the Iranian wizard [RG-44].
    const wizard = page.getByTestId('select-package-f')
    await expect(page).toHaveURL(/#\/select-package-f\/1/)
    expect(new URL((await config).url()).pathname).toBe('/lemonade/api/limoo-integrations/config/SELECT_PACKAGE_F_PRODUCTS')
    await expect(wizard).toHaveAttribute('data-state', 'SUCCEED')
    await expect(wizard).toHaveAttribute('data-page', '1')
    const dietOption = page.getByRole('radio', { name: diet.title, exact: true })
    await dietOption.check()
    await expect(dietOption).toBeChecked()
    const footerLines = page.getByTestId('wizard-footer-line')
    await expect(footerLines).toHaveCount(1)
    await expect(footerLines.first()).toHaveAttribute('data-product-id', String(diet.id))
    await expect(footerLines.first()).toContainText(toman(diet.finalPrice))
    await expect(page.getByTestId('wizard-footer-total')).toHaveCount(0)
    await page.getByRole('button', { name: 'مرحله بعد' }).click()

    // Page 2 offers the mentor that matches the page-1 choice only.
    await expect(page).toHaveURL(/#\/select-package-f\/2/)
    await expect(wizard).toHaveAttribute('data-page', '2')
    await expect(page.getByTestId('wizard-step')).toHaveText('مرحله ۲ از ۲')
    await expect(page.getByTestId('wizard-option')).toHaveCount(1)
    await expect(page.getByTestId('wizard-option')).toHaveAttribute('data-product-id', String(mentor.id))
    const mentorOption = page.getByRole('radio', { name: mentor.title, exact: true })
    await mentorOption.check()
    await expect(mentorOption).toBeChecked()
    await expect(footerLines).toHaveCount(2)
    await expect(page.getByTestId('wizard-footer-total')).toHaveText(
      `مبلغ قابل پرداخت${toman(diet.finalPrice + mentor.finalPrice)}`,
    )
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'تکمیل خرید' }).click()

    // Act 1: the invoice of the new order, computed by the BFF.
    await expect(page).toHaveURL(/#\/checkout-new/)
    await expect(page.getByTestId('checkout-invoice')).toHaveAttribute('data-state', 'SUCCESS')
    const lines = page.getByTestId('receipt-line')
    await expect(lines).toHaveCount(2)
    for (const product of items) {
      const line = page.locator(`[data-testid="receipt-line"][data-product-id="${product.id}"]`)
      await expect(line.getByTestId('line-original-price')).toHaveText(`قیمت بدون تخفیف: ${toman(product.price)}`)
      await expect(line.getByTestId('line-final-price')).toHaveText(`قیمت: ${toman(product.finalPrice)}`)
      await expect(line.getByTestId('discount-note')).toHaveText(
        `${persianAmount(discountPercent(product.price, product.finalPrice))}٪ تخفیف`,
      )
    }
    const original = sum(items.map((p) => p.price))
    const final = sum(items.map((p) => p.finalPrice))
    await expectTotals(page, { items: original, discount: original - final, payable: final })
    await expect(checkoutButton(page)).toHaveText('انتخاب روش پرداخت')

    // Act 2: LIMOO20 typed as «LIMOO۲۰» takes 20 % off the diet, not the mentor.
    await applyCode(page, code.code)
    const dietAfterCode = priceAfterCode(diet, code)
    expect(priceAfterCode(mentor, code)).toBe(mentor.finalPrice)
    const dietLine = page.locator(`[data-testid="receipt-line"][data-product-id="${diet.id}"]`)
    await expect(dietLine.getByTestId('line-final-price')).toHaveText(`قیمت: ${toman(dietAfterCode)}`)
    await expect(dietLine.getByTestId('discount-note')).toHaveText(
      `${persianAmount(discountPercent(diet.price, dietAfterCode))}٪ تخفیف`,
    )
    const finalAfterCode = dietAfterCode + mentor.finalPrice
    await expectTotals(page, { items: original, discount: original - finalAfterCode, payable: finalAfterCode })

    // Act 3: points on. The hold is the balance, capped by what each item allows above its minimum.
    const balance = customer.points * POINT_VALUE_TOMAN
    const points = Math.min(balance, pointsCap(diet, dietAfterCode) + pointsCap(mentor, mentor.finalPrice))
    expect(points, 'the demo basket should let the whole balance be used').toBe(balance)
    await expect(page.getByTestId('points-balance')).toHaveText(
      `موجودی شما: ${persianAmount(customer.points)} امتیاز معادل ${toman(balance)}`,
    )
    const pointsSwitch = page.getByRole('switch', { name: 'استفاده از امتیاز' })
    await expect(pointsSwitch).toHaveAttribute('aria-checked', 'false')
    await pointsSwitch.click()
    await expect(pointsSwitch).toHaveAttribute('aria-checked', 'true')
    await expect(pointsSwitch).toHaveAttribute('data-status', 'ADDED_TO_ORDER')
    await expectTotals(page, {
      items: original,
      points,
      discount: original - finalAfterCode,
      payable: finalAfterCode - points,
    })
    await expectNoHorizontalScroll(page)
    const screenshot = await page.screenshot({ fullPage: true, path: testInfo.outputPath('checkout-390.png') })
    await testInfo.attach('checkout-390', { body: screenshot, contentType: 'image/png' })

    // Act 4: the payment-method popup. DECISIONS preselects a method (`online` with every method visible)
    // [PR-49], so 'پرداخت' is usable at once and follows the customer's choice.
    await expect(checkoutButton(page)).toHaveAttribute('data-action', 'choosePaymentMethod')
    await checkoutButton(page).click()
    const sheet = page.getByRole('dialog', { name: 'انتخاب روش پرداخت' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByTestId('payment-methods-loading')).toHaveCount(0)
    const online = sheet.getByRole('radio', { name: 'پرداخت آنلاین', exact: true })
    const cardToCard = sheet.getByRole('radio', { name: 'کارت به کارت', exact: true })
    await expect(online).toBeChecked()
    const pay = sheet.getByTestId('payment-button')
    await expect(pay).toHaveText('پرداخت')
    await expect(pay).toBeEnabled()
    await cardToCard.check()
    await expect(cardToCard).toBeChecked()
    await expect(online).not.toBeChecked()
    await expect(pay).toBeEnabled()
    await pay.click()
    // Card to card opens its transfer form (card-transfer.spec.ts follows it to the end) [PM-40].
    await expect(page).toHaveURL(/#\/pay-card\?serverType=LIMOO_SHOP/)
  })

  test('a customer brings the payable amount to 0 with FREE100 and finalizes the order', async ({ page, simulators }) => {
    const customer = demoCustomer('09120000002') // no points
    const diet = demoProduct(101) // 'رژیم یک ماهه', the one product FREE100 covers
    const code = demoPromotion('FREE100')
    expect(priceAfterCode(diet, code)).toBe(0)

    // Arrange: sign in on the way to the flat list and order the one-month diet without a mentor.
    await page.goto('/#/select-package-c')
    await expect(page).toHaveURL(/#\/enter\?next=/)
    await signInWithSms(page, simulators, customer.mobile)
    await expect(page).toHaveURL(/#\/select-package-c/)
    await page.getByRole('radio', { name: diet.title, exact: true }).click()
    await expect(page.getByTestId('footer-total')).toHaveText(toman(diet.finalPrice))
    await page.getByTestId('footer-button').click()
    await expect(page.getByTestId('mentor-switch')).not.toBeChecked()
    await page.getByTestId('additional-complete').click()

    await expect(page).toHaveURL(/#\/checkout-new/)
    await expect(page.getByTestId('receipt-line')).toHaveCount(1)
    await expectTotals(page, { items: diet.price, discount: diet.price - diet.finalPrice, payable: diet.finalPrice })
    await expect(checkoutButton(page)).toHaveAttribute('data-action', 'choosePaymentMethod')

    // Act: FREE100 typed as «FREE۱۰۰».
    await applyCode(page, code.code)

    // Assert: nothing to pay, so the footer finalizes instead of asking for a payment method [PR-09].
    await expectTotals(page, { items: diet.price, discount: diet.price, payable: 0 })
    await expect(checkoutButton(page)).toHaveAttribute('data-action', 'finalize')
    await expect(checkoutButton(page)).toHaveText('تایید نهایی پرداخت')
    await checkoutButton(page).click()

    await expect(page).toHaveURL(/#\/payment-success\?orderId=\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'پرداخت شما با موفقیت انجام شد' })).toBeVisible()
  })
})
