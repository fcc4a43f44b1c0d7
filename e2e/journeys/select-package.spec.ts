import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '../fixtures'
import { artifactsDir } from '../support/bff'
import { expectNoHorizontalScroll } from '../support/layout'

test.describe('select-package-c on a 390 px phone', () => {
  test('a customer compares programmes and the footer follows the selected one', async ({ page }, testInfo) => {
    // Arrange: the demo catalogue, served by the real BFF. The page needs sign-in unless the
    // entry link waives it with sPCRequireAuth=false [RG-15, RG-16] (the anonymous shop link).
    await page.goto('/#/select-package-c?sPCRequireAuth=false')
    await expect(page).toHaveURL(/#\/select-package-c/)

    // The page is Persian and right-to-left.
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fa')
    await expect(page.getByRole('heading', { level: 1, name: 'انتخاب دوره' })).toBeVisible()

    // Products loaded (no loading/error/empty state left) and there is more than one card.
    const cards = page.getByTestId('product-card')
    await expect(cards.first()).toBeVisible()
    await expect(page.getByTestId('products-loading')).toHaveCount(0)
    await expect(page.getByTestId('products-error')).toHaveCount(0)
    await expect(page.getByTestId('products-empty')).toHaveCount(0)
    expect(await cards.count()).toBeGreaterThan(1)

    // The featured three-month programme is preselected.
    await expect(page.getByRole('radio', { name: 'رژیم ویژه سه ماهه', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    )

    const total = page.getByTestId('footer-total')
    const button = page.getByTestId('footer-button')

    // Act: choose the one-month programme by its accessible role and name.
    const oneMonth = page.getByRole('radio', { name: 'رژیم یک ماهه', exact: true })
    await oneMonth.click()

    // Assert
    await expect(oneMonth).toHaveAttribute('aria-checked', 'true')
    await expect(oneMonth).toHaveAttribute('data-product-id', '101')
    await expect(total).toHaveText('۳۹۰٬۰۰۰ تومان')
    await expect(button).toHaveText('ادامه خرید')

    // Act: choose the six-month programme.
    const sixMonths = page.getByRole('radio', { name: 'رژیم ویژه شش ماهه', exact: true })
    await sixMonths.click()

    // Assert
    await expect(sixMonths).toHaveAttribute('aria-checked', 'true')
    await expect(sixMonths).toHaveAttribute('data-product-id', '113')
    await expect(oneMonth).toHaveAttribute('aria-checked', 'false')
    await expect(total).toHaveText('۲٬۶۹۰٬۰۰۰ تومان')
    await expect(button).toHaveText('تکمیل خرید')

    await expectNoHorizontalScroll(page)

    // Full-page screenshot: a fixed path for humans, plus an attachment in the report.
    // Scroll back to the top first so fixed header/footer are drawn where a reader expects them.
    await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    mkdirSync(artifactsDir, { recursive: true })
    const fixedPath = path.join(artifactsDir, 'select-package-c-390.png')
    const screenshot = await page.screenshot({ fullPage: true, path: fixedPath })
    await testInfo.attach('select-package-c-390', { body: screenshot, contentType: 'image/png' })
  })
})
