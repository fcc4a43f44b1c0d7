import { describe, expect, it } from 'vitest'
import { countryLabel, displayMobile, mobileProblem, sanitiseMobileInput } from './mobile'

describe('mobile number input', () => {
  it('converts Persian and Arabic-Indic digits to Latin [AU-23]', () => {
    expect(sanitiseMobileInput('۹۱۲۱۲۳۴۵۶۷', 1)).toBe('9121234567')
    expect(sanitiseMobileInput('٩١٢١٢٣٤٥٦٧', 1)).toBe('9121234567')
  })

  it('removes the leading 0 of a number starting 09 [AU-28]', () => {
    expect(sanitiseMobileInput('09121234567', 1)).toBe('9121234567')
    expect(sanitiseMobileInput('۰۹۱۲۱۲۳۴۵۶۷', 1)).toBe('9121234567')
  })

  it('keeps at most 10 characters for Iran [AU-29]', () => {
    expect(sanitiseMobileInput('91212345678', 1)).toBe('9121234567')
  })

  it('leaves other countries uncut', () => {
    expect(sanitiseMobileInput('05321234567', 220)).toBe('05321234567')
  })
})

describe('mobile number validation', () => {
  it('requires a number [AU-25]', () => {
    expect(mobileProblem('', 1)).toBe('required')
    expect(mobileProblem('   ', 220)).toBe('required')
  })

  it('accepts 9 or 09 followed by 9 digits for Iran, in any digits [AU-26]', () => {
    expect(mobileProblem('9121234567', 1)).toBeNull()
    expect(mobileProblem('09121234567', 1)).toBeNull()
    expect(mobileProblem('۹۱۲۱۲۳۴۵۶۷', 1)).toBeNull()
  })

  it('rejects other Iranian input [AU-26]', () => {
    expect(mobileProblem('912345678', 1)).toBe('invalid')
    expect(mobileProblem('8121234567', 1)).toBe('invalid')
    expect(mobileProblem('91212a4567', 1)).toBe('invalid')
  })

  it('accepts any non-empty number for other countries, lengths unchecked [AU-27]', () => {
    expect(mobileProblem('1', 220)).toBeNull()
    expect(mobileProblem('+4915112345678999', 9)).toBeNull()
  })
})

describe('country label and shown number', () => {
  it('labels Iran IR, Turkey TR and others OTHER [AU-32]', () => {
    expect(countryLabel(1)).toBe('IR')
    expect(countryLabel(220)).toBe('TR')
    expect(countryLabel(5)).toBe('OTHER')
  })

  it('shows 09999999999 when no number is set [AU-30]', () => {
    expect(displayMobile('', 1)).toBe('09999999999')
  })

  it('shows an Iranian number with its 0 and others with their prefix', () => {
    expect(displayMobile('9121234567', 1)).toBe('09121234567')
    expect(displayMobile('5321234567', 220, '90')).toBe('+905321234567')
  })
})
