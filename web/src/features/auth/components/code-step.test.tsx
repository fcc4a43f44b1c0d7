import { act, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '@/i18n'
import { CodeStep } from './code-step'

function renderCodeStep(onResend = vi.fn<() => Promise<void>>(() => Promise.resolve()), language: 'fa' | 'tr' = 'fa') {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <CodeStep
        headingId="h"
        channel="sms"
        shownMobile="09121234567"
        error={null}
        onEditMobile={() => {}}
        onSubmit={() => Promise.resolve()}
        onResend={onResend}
      />
    </I18nextProvider>,
  )
  return onResend
}

async function tick(seconds = 1) {
  for (let count = 0; count < seconds; count += 1) {
    await act(async () => {
      vi.advanceTimersByTime(1000)
    })
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('resend timer', () => {
  it('starts at 60 and counts down each second in Persian digits, resend disabled [AU-12]', async () => {
    renderCodeStep()
    const timer = screen.getByTestId('resend-timer')
    expect(timer).toHaveAttribute('data-seconds', '60')
    expect(timer).toHaveTextContent('۶۰ ثانیه تا ارسال مجدد کد')
    expect(screen.getByTestId('resend-button')).toBeDisabled()
    await tick()
    expect(screen.getByTestId('resend-timer')).toHaveAttribute('data-seconds', '59')
    expect(screen.getByTestId('resend-timer')).toHaveTextContent('۵۹')
    await tick(58)
    expect(screen.getByTestId('resend-timer')).toHaveAttribute('data-seconds', '1')
    expect(screen.getByTestId('resend-button')).toBeDisabled()
  })

  it('counts in Latin digits on a Turkish screen', () => {
    renderCodeStep(undefined, 'tr')
    expect(screen.getByTestId('resend-timer')).toHaveTextContent('60')
    expect(screen.getByTestId('resend-timer')).not.toHaveTextContent('۶۰')
  })

  it('enables resend at 0 and restarts at 60 on click [AU-13]', async () => {
    const onResend = renderCodeStep()
    await tick(60)
    expect(screen.queryByTestId('resend-timer')).not.toBeInTheDocument()
    expect(screen.getByTestId('resend-button')).toBeEnabled()
    await act(async () => {
      fireEvent.click(screen.getByTestId('resend-button'))
    })
    expect(onResend).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('resend-timer')).toHaveAttribute('data-seconds', '60')
    expect(screen.getByTestId('resend-button')).toBeDisabled()
    await tick()
    expect(screen.getByTestId('resend-timer')).toHaveAttribute('data-seconds', '59')
  })

  it('shows the heading, the sms hint and the number [AU-11, AU-30]', () => {
    renderCodeStep()
    expect(screen.getByRole('heading', { name: 'کد ارسال شده را وارد کنید' })).toBeInTheDocument()
    expect(screen.getByText('یک کد ۶ رقمی از طریق پیامک برای شما ارسال شد')).toBeInTheDocument()
    expect(screen.getByTestId('shown-mobile')).toHaveTextContent('۰۹۱۲۱۲۳۴۵۶۷')
    expect(screen.getByTestId('submit-button')).toHaveTextContent('ورود')
  })
})
