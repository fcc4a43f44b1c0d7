import type { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import type * as Schemas from '../domain/schemas'

const loadValidation = () => Promise.all([import('@hookform/resolvers/zod'), import('../domain/schemas')])
let validation: ReturnType<typeof loadValidation> | undefined

/**
 * A form resolver whose code (zod, its resolver and the sign-in schemas) is fetched at the first check rather than
 * with the landing, which is this popup; `build` makes the resolver from the loaded code at every check. A failed
 * fetch is tried again at the next check.
 */
export function lazyZodResolver<T extends FieldValues>(
  build: (resolver: typeof zodResolver, schemas: typeof Schemas) => Resolver<T>,
): Resolver<T> {
  return async (values, context, options) => {
    validation ??= loadValidation().catch((failure: unknown) => {
      validation = undefined
      throw failure
    })
    const [resolvers, schemas] = await validation
    return build(resolvers.zodResolver, schemas)(values, context, options)
  }
}
