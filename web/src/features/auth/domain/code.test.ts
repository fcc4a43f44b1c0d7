import { describe, expect, it } from 'vitest'
import { codeProblem, sanitiseCode } from './code'

describe('code sanitising', () => {
  it('strips spaces [AU-20]', () => {
    expect(sanitiseCode('123 456')).toBe('123456')
    expect(sanitiseCode(' 1 2 3 ')).toBe('123')
  })

  it('converts Persian and Arabic-Indic digits [AU-23]', () => {
    expect(sanitiseCode('۱۲۳۴۵۶')).toBe('123456')
    expect(sanitiseCode('١٢٣٤٥٦')).toBe('123456')
  })

  it('keeps at most 6 characters [AU-18]', () => {
    expect(sanitiseCode('12345678')).toBe('123456')
  })
})

describe('code validity [AU-21]', () => {
  it('requires a code', () => {
    expect(codeProblem('')).toBe('required')
    expect(codeProblem('   ')).toBe('required')
  })

  it('rejects the placeholder dash', () => {
    expect(codeProblem('12-456')).toBe('placeholder')
    expect(codeProblem('------')).toBe('placeholder')
  })

  it('accepts a code without a dash', () => {
    expect(codeProblem('123456')).toBeNull()
  })
})
