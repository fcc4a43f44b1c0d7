import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { BottomSheet } from './bottom-sheet'

/** A sheet holding a search field, with an inline onClose as real callers write it. */
function SheetWithSearch() {
  const [open, setOpen] = useState(true)
  const [search, setSearch] = useState('')
  return (
    <BottomSheet open={open} title="کد کشور" closeLabel="بازگشت" onClose={() => setOpen(false)}>
      <input aria-label="جستجو" value={search} onChange={(event) => setSearch(event.target.value)} />
    </BottomSheet>
  )
}

describe('BottomSheet', () => {
  it('keeps focus in a field inside it while the customer types', async () => {
    const user = userEvent.setup()
    render(<SheetWithSearch />)
    const field = screen.getByRole('textbox', { name: 'جستجو' })
    await user.click(field)
    await user.keyboard('zzzz')
    expect(field).toHaveValue('zzzz')
    expect(field).toHaveFocus()
  })

  it('closes on Escape with the latest onClose', async () => {
    const user = userEvent.setup()
    render(<SheetWithSearch />)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('stays open while busy: Escape and the backdrop do nothing, the close button is disabled', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn<() => void>()
    const { container } = render(
      <BottomSheet open busy title="انتخاب روش پرداخت" closeLabel="بستن" onClose={onClose}>
        <p>در حال اتصال به درگاه...</p>
      </BottomSheet>,
    )
    await user.keyboard('{Escape}')
    const backdrop = container.querySelector('.bottom-sheet__backdrop')
    if (backdrop === null) throw new Error('no backdrop')
    await user.click(backdrop)
    const close = screen.getByRole('button', { name: 'بستن' })
    expect(close).toBeDisabled()
    await user.click(close)
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'انتخاب روش پرداخت' })).toHaveAttribute('aria-busy', 'true')
  })
})
