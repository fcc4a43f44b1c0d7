import { describe, expect, it } from 'vitest'
import type { EmailForm } from '../domain/schemas'
import { lazyZodResolver } from './lazy-resolver'

const options = { fields: {}, shouldUseNativeValidation: false }

describe('lazyZodResolver', () => {
  const resolver = lazyZodResolver<EmailForm>((zodResolver, { emailSchema }) => zodResolver(emailSchema))

  it('checks with the schema once its code has loaded [AU-31]', async () => {
    const result = await resolver({ email: 'not-an-address' }, undefined, options)
    expect(result.errors.email?.message).toBe('auth.validation.emailInvalid')
  })

  it('gives the parsed values when they pass', async () => {
    const result = await resolver({ email: '  someone@example.com ' }, undefined, options)
    expect(result.errors).toEqual({})
    expect(result.values).toEqual({ email: 'someone@example.com' })
  })
})
