import { describe, expect, it } from 'vitest'
import { lazyCheck } from './lazy-check'

describe('lazyCheck', () => {
  const check = lazyCheck(({ emailSchema }) => emailSchema)

  it('checks with the schema once its code has loaded [AU-31]', async () => {
    const result = await check({ email: 'not-an-address' })
    expect(result).toEqual({ passed: false, errors: { email: 'auth.validation.emailInvalid' } })
  })

  it('gives the parsed values when they pass', async () => {
    const result = await check({ email: '  someone@example.com ' })
    expect(result).toEqual({ passed: true, values: { email: 'someone@example.com' } })
  })

  it('gives each failing field its first message', async () => {
    const result = await lazyCheck(({ fileNumberSchema }) => fileNumberSchema(1))({ mobileNumber: '12', profileNumber: ' ' })
    expect(result).toEqual({
      passed: false,
      errors: { mobileNumber: 'auth.validation.mobileInvalid', profileNumber: 'auth.validation.fileNumberRequired' },
    })
  })
})
