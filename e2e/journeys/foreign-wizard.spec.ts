import { expect, test } from '../fixtures'
import { demoCustomer, demoProduct, demoWizardConfig } from '../support/demo'
import { expectNoHorizontalScroll } from '../support/layout'
import { toman } from '../support/money'
import { signInWithEmail } from '../support/sign-in'

const CONFIG_PATH = /\/lemonade\/api\/limoo-integrations\/config\/([^/?]+)/

test.describe('the wizard for a foreign customer on a 390 px phone', () => {
  test('a customer abroad signs in by e-mail, gets the FOREIGN wizard and payment methods, and pays through Gumroad', async ({
    page,
    simulators,
  }) => {
    const customer = demoCustomer('+905321234567')
    const config = demoWizardConfig('SELECT_PACKAGE_F_FOREIGN')
    const [firstPage] = config.pages
    if (firstPage === undefined) throw new Error('SELECT_PACKAGE_F_FOREIGN has no page')

    // Every wizard configuration the page asks for, in order.
    const requested: string[] = []
    page.on('request', (request) => {
      const id = CONFIG_PATH.exec(new URL(request.url()).pathname)?.[1]
      if (id !== undefined) requested.push(decodeURIComponent(id))
    })

    // Arrange: the demo's customer in Turkey signs in with the code sent to their e-mail.
    await page.goto('/#/select-package-f/1')
    await expect(page).toHaveURL(/#\/enter\?next=/)
    const configResponse = page.waitForResponse((response) => CONFIG_PATH.test(response.url()))
    await signInWithEmail(page, simulators, {
      country: 'ترکیه',
      dialCode: '+90',
      nationalNumber: customer.mobile.replace(/^\+90/, ''),
      email: customer.email ?? '',
    })

    // Assert: back in the wizard, which asked for the FOREIGN configuration only [RG-45, RG-46].
    await expect(page).toHaveURL(/#\/select-package-f\/1/)
    const wizard = page.getByTestId('select-package-f')
    await expect(wizard).toHaveAttribute('data-state', 'SUCCEED')
    const response = await configResponse
    expect(response.status()).toBe(200)
    expect(((await response.json()) as { id: string }).id).toBe('SELECT_PACKAGE_F_FOREIGN')
    expect([...new Set(requested)]).toEqual(['SELECT_PACKAGE_F_FOREIGN'])

    // The FOREIGN page: the intro video's preview and play button, the text for Persian speakers abroad.
    const top = page.getByTestId('wizard-top-content')
    await expect(top).toHaveAttribute('data-media-type', 'video')
    await expect(top.getByTestId('wizard-media-preview').locator('img')).toHaveAttribute(
      'src',
      firstPage.topContent?.previewImage ?? '',
    )
    await expect(top.getByRole('button', { name: 'پخش ویدیو' })).toBeVisible()
    await expect(top).toContainText(firstPage.topContent?.subtitle ?? '')
    await expect(page.getByRole('heading', { level: 1, name: firstPage.middleContent?.title ?? '' })).toBeVisible()
    await expect(wizard).toContainText(firstPage.middleContent?.subtitle ?? '')

    // Its options are the foreign products, priced from the catalogue; one page, so the button completes.
    const options = page.getByTestId('wizard-option')
    const productIds = firstPage.options.map((option) => option.productId)
    await expect(options).toHaveCount(productIds.length)
    for (const [index, productId] of productIds.entries()) {
      const option = options.nth(index)
      await expect(option).toHaveAttribute('data-product-id', String(productId))
      await expect(option.getByTestId('option-price-final')).toHaveText(
        `قیمت: ${toman(demoProduct(productId).finalPrice)}`,
      )
    }
    await expect(page.getByTestId('wizard-top-nav')).toHaveCount(0)
    await expect(page.getByTestId('wizard-next')).toHaveAttribute('data-action', 'complete')
    await expectNoHorizontalScroll(page)

    // Act: buy the three-month programme abroad.
    const chosen = demoProduct(productIds[1] ?? 0)
    await page.getByRole('radio', { name: firstPage.options[1]?.ui?.title ?? chosen.title, exact: true }).check()
    await page.getByRole('button', { name: 'تکمیل خرید' }).click()

    // Assert: the invoice holds it, and only the international methods are offered.
    await expect(page).toHaveURL(/#\/checkout-new/)
    await expect(page.getByTestId('receipt-line')).toHaveCount(1)
    await expect(page.getByTestId('receipt-line')).toHaveAttribute('data-product-id', String(chosen.id))
    await expect(page.getByTestId('footer-payable')).toHaveText(toman(chosen.finalPrice))
    await page.getByRole('button', { name: 'انتخاب روش پرداخت' }).click()
    const sheet = page.getByRole('dialog', { name: 'انتخاب روش پرداخت' })
    const methods = sheet.getByTestId('payment-method')
    await expect(methods).toHaveCount(2)
    await expect(methods.nth(0)).toHaveAttribute('data-method', 'LIMOO_GUMROAD')
    await expect(methods.nth(1)).toHaveAttribute('data-method', 'PAYPAL_ROSHANDEL')
    await expect(sheet.getByRole('radio', { name: 'پرداخت بین‌المللی', exact: true })).toBeVisible()
    await expect(sheet.getByRole('radio', { name: 'انتقال به حساب PayPal', exact: true })).toBeVisible()

    // Gumroad charges the product's own dollar price: the sheet says how much before the customer leaves for it.
    const dollars = methods.nth(0).getByTestId('gumroad-price').locator('bdi')
    await expect(dollars).toHaveText(/^\$\d+(\.\d\d)?$/)
    const shown = await dollars.innerText()

    // Act and assert: the foreign product is on Gumroad, so the sale goes through there to a paid order.
    const gumroad = sheet.getByRole('radio', { name: 'پرداخت بین‌المللی', exact: true })
    await expect(gumroad).toBeEnabled()
    await gumroad.check()
    await sheet.getByTestId('payment-button').click()
    await expect(page.locator('#sim-page')).toBeVisible()
    await expect(page).toHaveURL(/\/gumroad\/l\/limoo-foreign-/)
    // …and Gumroad's page asks the amount the sheet showed.
    await expect(page.locator('body')).toContainText(shown)
    await page.getByTestId('sim-pay').click()
    await expect(page).toHaveURL(/#\/payment-success\?orderId=\d+/)
  })
})
