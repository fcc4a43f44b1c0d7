import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { controlledValue } from './controlled-value'

/** A field that keeps at most three digits, as the sign-in and quiz fields keep theirs. */
function ThreeDigits() {
  const [value, setValue] = useState('')
  return (
    <input
      aria-label="digits"
      value={value}
      onChange={(event) => setValue(controlledValue(event.target, event.target.value.replace(/\D/g, '').slice(0, 3)))}
    />
  )
}

describe('controlledValue', () => {
  it('shows only what the sanitiser keeps, keystroke by keystroke', async () => {
    const user = userEvent.setup()
    render(<ThreeDigits />)
    const field = screen.getByRole('textbox', { name: 'digits' })
    await user.type(field, '1a2b345')
    expect(field).toHaveValue('123')
  })

  it('writes the value into the field before any re-render', () => {
    const field = document.createElement('input')
    field.value = '12x'
    expect(controlledValue(field, '12')).toBe('12')
    expect(field.value).toBe('12')
  })
})
