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

/** What a customer acts on or reads a price from: controls, and the elements the app marks as prices. */
const CONTROLS_AND_PRICES = [
  'button',
  'a[href]',
  'input:not([type=hidden])',
  'select',
  'textarea',
  '[role=switch]',
  '[role=radio]',
  '[data-testid*=price]',
  '[data-testid=payable]',
  '[data-testid=footer-payable]',
  '[data-testid=footer-total]',
].join(',')

/**
 * Every visible control and price in `scope` is the topmost thing at its centre and both ends: nothing (a chat
 * bubble, a toast) lies on it. With `scroll`, each is scrolled through the bands under the top bar and over the fixed footer, where
 * sticky and floating things sit. Without, only those wholly in the clear screen now are checked (for an overlay
 * that shows for a moment only). Things in the fixed footer are checked where they are. A native radio hidden inside
 * its card is reached through the card.
 */
export async function expectNothingCovers(page: Page, options: { scope: string; scroll: boolean }): Promise<void> {
  const covered = await page.evaluate(
    ({ selector, scope, scroll }) => {
      const root = document.querySelector(scope)
      if (!root) return [`no ${scope}`]
      const topBar = document.querySelector('[data-testid=top-bar]')
      const footer = document.querySelector('.fixed-footer, .wizard-footer')
      const clearTop = () => topBar?.getBoundingClientRect().bottom ?? 0
      const clearBottom = () => footer?.getBoundingClientRect().top ?? window.innerHeight
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`
      const problems: string[] = []
      for (const el of Array.from(root.querySelectorAll(selector))) {
        const owner = el.closest('label') ?? el
        const first = owner.getBoundingClientRect()
        // Visually hidden or not shown: nothing to cover.
        if (first.width <= 2 || first.height <= 2 || getComputedStyle(el).visibility === 'hidden') continue
        const fixed = footer?.contains(owner) ?? false
        // Where the customer may scroll it: its centre 0…100 px inside the clear screen's top and bottom edges,
        // the bands where sticky and floating things sit. Fixed things, and a check without scrolling: where they are.
        const half = first.height / 2
        const depths = [0, 20, 40, 60, 80, 100].map((depth) => Math.max(depth, half))
        const band = (edge: 'top' | 'bottom') => depths.map((depth) => ({ edge, depth }))
        const places: ('here' | { edge: 'top' | 'bottom'; depth: number })[] =
          scroll && !fixed ? [...band('top'), ...band('bottom')] : ['here']
        for (const place of places) {
          if (place !== 'here') {
            const box = owner.getBoundingClientRect()
            const centre = box.top + box.height / 2
            const target = place.edge === 'top' ? clearTop() + place.depth : clearBottom() - place.depth
            window.scrollBy(0, centre - target)
          }
          const box = owner.getBoundingClientRect()
          // Only what is wholly in the clear screen: what the page cannot scroll there is checked at other depths.
          if (!fixed && (box.top < clearTop() - 0.5 || box.bottom > clearBottom() + 0.5)) continue
          // Its centre and both ends (inside any rounded corners): a bubble at one end covers a switch just as well.
          const inset = Math.min(8, box.width / 4)
          const y = box.top + box.height / 2
          const blocker = [box.left + inset, box.left + box.width / 2, box.right - inset]
            .map((x) => document.elementFromPoint(x, y))
            .find((hit) => !hit || !(owner.contains(hit) || hit.contains(owner)))
          if (blocker === undefined) continue
          const where = place === 'here' ? 'here' : `${place.depth} px from the ${place.edge}`
          problems.push(`${describe(el)} (${where}) is covered by ${blocker ? describe(blocker) : 'nothing'}`)
          break
        }
      }
      return problems
    },
    { selector: CONTROLS_AND_PRICES, ...options },
  )
  expect(covered, 'controls and prices covered by something else').toEqual([])
}

/** The app's top bar is at the very top of the screen and its fixed/sticky footer ends at the bottom edge. */
export async function expectTopBarAndFooterAtTheEdges(page: Page, footer: string): Promise<void> {
  const topBar = page.getByTestId('top-bar')
  await expect(topBar).toBeVisible()
  const viewport = page.viewportSize()
  if (viewport === null) throw new Error('no viewport')
  const bar = await topBar.boundingBox()
  expect(bar?.y, 'the top bar starts at the top of the screen').toBe(0)
  const footerBox = await page.getByTestId(footer).boundingBox()
  expect(footerBox, `${footer} is on the page`).not.toBeNull()
  expect(Math.round((footerBox?.y ?? 0) + (footerBox?.height ?? 0)), `${footer} ends at the bottom edge`).toBe(
    viewport.height,
  )
}
