import { act, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '@/i18n'
import { LoadingScreen } from './loading-screen'
import { opacityAt } from './loading-timing'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

async function advance(ms: number, step = 12.5) {
  for (let elapsed = 0; elapsed < ms; elapsed += step) {
    await act(async () => {
      vi.advanceTimersByTime(step)
    })
  }
}

describe('loading screen', () => {
  it('fades items by position 1, 0.9, 0.9, 0.75, 0.6, 0.6, 0.1 [CT-02]', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(opacityAt)).toEqual([1, 0.9, 0.9, 0.75, 0.6, 0.6, 0.1, 0.1])
  })

  it('runs the circle from 1 to 100 in 1.25 s and removes a message every 1.25 s [CT-01, CT-02]', async () => {
    const onDone = vi.fn<() => void>()
    render(
      <I18nextProvider i18n={createI18n('fa')}>
        <LoadingScreen onDone={onDone} />
      </I18nextProvider>,
    )
    const circle = screen.getByRole('progressbar', { name: 'پیشرفت' })
    expect(circle).toHaveAttribute('aria-valuenow', '1')
    const items = () => screen.getByTestId('fading-list').querySelectorAll('li')
    expect(items()).toHaveLength(7)
    expect(items()[0]).toHaveTextContent('در حال تحلیل پاسخ‌های شما')
    expect(items()[6]).toHaveStyle({ opacity: '0.1' })
    await advance(1250)
    expect(circle).toHaveAttribute('aria-valuenow', '100')
    expect(circle).toHaveTextContent('۱۰۰٪')
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(items()).toHaveLength(6)
    expect(items()[0]).toHaveTextContent('در حال تخمین نیازهای شما')
  })
})
