import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { signIn } from '../auth'
import { currentLocation, renderApp } from '../render-app'
import { server } from '../server'
import { operationHandlers } from './operations'
import { findScenario } from './scenarios'

/** Answers as `npm run dev:mock` does in that scenario: its handlers, then every operation's default. */
function enterScenario(name: string): void {
  const scenario = findScenario(name)
  if (scenario === undefined) throw new Error(`no mock scenario "${name}"`)
  server.use(...scenario.handlers, ...operationHandlers)
  if (scenario.signedIn) signIn()
}

async function submitGiftCode(code: string): Promise<void> {
  await userEvent.type(await screen.findByTestId('gift-code-input'), code)
  await userEvent.click(screen.getByRole('button', { name: 'ثبت کد' }))
}

describe('the gift-card mock scenarios on /limoocard', () => {
  it.each([
    ['gift-card-invalid', 'کد وارد شده معتبر نیست.'],
    ['gift-card-used', 'این کد قبلا استفاده شده است.'],
    ['gift-card-active-diet', 'شما در حال حاضر رژیم فعال دارید. برای رزرو رژیم بعدی با پشتیبانی تماس بگیرید.'],
  ] as const)('%s: the form fails with the refusal’s message', async (name, message) => {
    enterScenario(name)
    renderApp('/limoocard')
    await submitGiftCode('GIFT-1')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByTestId('gift-card-form')).toHaveAttribute('data-state', 'FAILED')
  })

  it('gift-card-options: the code opens the chooser, and the chosen product is the active gift', async () => {
    enterScenario('gift-card-options')
    const { router } = renderApp('/limoocard')
    await submitGiftCode('GIFTPICK')
    await waitFor(() => expect(currentLocation(router)).toBe('/select-limoocard-options'))
    expect(await screen.findByRole('radio', { name: /رژیم یک ماهه$/ })).toBeChecked()
    await userEvent.click(screen.getByRole('radio', { name: /رژیم یک ماهه ویژه/ }))
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }))
    expect(await screen.findByTestId('gift-product')).toHaveTextContent('رژیم یک ماهه ویژه')
    expect(currentLocation(router)).toBe('/limoocard-result?status=success&selectedProductId=2')
  })
})

describe('the failing-server mock scenarios keep the visitor signed in', () => {
  it.each(['server-errors', 'server-down'])('%s: the orders page renders its failed load, not the sign-in page', async (name) => {
    enterScenario(name)
    const { router } = renderApp('/orders-history')
    // A failed load of the history is its empty list [ER-50]: what a developer in this scenario came to see.
    expect(await screen.findByTestId('orders-empty')).toBeInTheDocument()
    expect(currentLocation(router)).toBe('/orders-history')
  })
})
