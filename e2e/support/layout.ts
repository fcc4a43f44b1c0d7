import { expect, type Page } from '@playwright/test'

/** The page fits the 390 px phone: nothing scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(widths.client).toBe(390)
  expect(widths.scroll, 'the page scrolls horizontally at 390 px').toBeLessThanOrEqual(390)
}
