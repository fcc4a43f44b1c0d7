import { act, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '@/i18n'
import { socialProofEntries } from '../data/social-proof'
import { SocialProofToast } from './social-proof-toast'

function renderToast() {
  return render(
    <I18nextProvider i18n={createI18n('fa')}>
      <SocialProofToast
        entries={[
          { first_name: 'مریم', package: 'رژیم سه ماهه', new_or_extend: 'new' },
          { first_name: 'علی', package: 'رژیم یک ماهه', new_or_extend: 'extend' },
        ]}
      />
    </I18nextProvider>,
  )
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('social-proof toast', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('first appears after the shortest random delay of 1 s and stays 3 s [PM-21]', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0)
    renderToast()
    advance(999)
    expect(screen.queryByTestId('social-proof-toast')).not.toBeInTheDocument()
    advance(1)
    expect(screen.getByTestId('social-proof-toast')).toHaveTextContent('مریم رژیم سه ماهه را خرید.')
    advance(2999)
    expect(screen.getByTestId('social-proof-toast')).toBeInTheDocument()
    advance(1)
    expect(screen.queryByTestId('social-proof-toast')).not.toBeInTheDocument()
  })

  it('waits up to 6 s with the longest random delay, then repeats with the next entry [PM-21]', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.9999)
    renderToast()
    advance(5998)
    expect(screen.queryByTestId('social-proof-toast')).not.toBeInTheDocument()
    advance(2)
    const first = screen.getByTestId('social-proof-toast').textContent
    advance(3000 + 6000)
    const second = screen.getByTestId('social-proof-toast')
    expect(second.textContent).not.toBe(first)
    expect(['مریم رژیم سه ماهه را خرید.', 'علی رژیم یک ماهه را تمدید کرد.']).toContain(second.textContent)
  })

  it('says extend for a renewal', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    renderToast()
    advance(3500)
    expect(screen.getByTestId('social-proof-toast')).toHaveAttribute('data-kind', 'extend')
    expect(screen.getByTestId('social-proof-toast')).toHaveTextContent('علی رژیم یک ماهه را تمدید کرد.')
  })
})

describe('social-proof entries [CT-07]', () => {
  it('has 100 entries with first_name, package and new_or_extend of new or extend', () => {
    expect(socialProofEntries).toHaveLength(100)
    for (const entry of socialProofEntries) {
      expect(Object.keys(entry).sort()).toEqual(['first_name', 'new_or_extend', 'package'])
      expect(entry.first_name).not.toBe('')
      expect(entry.package).not.toBe('')
      expect(['new', 'extend']).toContain(entry.new_or_extend)
    }
    expect(socialProofEntries.some((entry) => entry.new_or_extend === 'new')).toBe(true)
    expect(socialProofEntries.some((entry) => entry.new_or_extend === 'extend')).toBe(true)
  })

  it('are testimonials of one, three or six month packages, with nothing that names a product [CT-20]', () => {
    for (const entry of socialProofEntries) {
      expect(entry.package).toMatch(/(یک|سه|شش) ماهه/)
      expect(entry).not.toHaveProperty('id')
    }
  })

  it('draws the toast from all 100 entries by default and says so on its container', () => {
    render(
      <I18nextProvider i18n={createI18n('fa')}>
        <SocialProofToast />
      </I18nextProvider>,
    )
    expect(screen.getByTestId('social-proof')).toHaveAttribute('data-entries', '100')
  })
})
