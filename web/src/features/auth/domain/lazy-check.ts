import type * as Schemas from './schemas'

/** A step's values and what they hold: the parsed values, or the first message key of each field that fails. */
export type CheckResult<T> = { passed: true; values: T } | { passed: false; errors: Partial<Record<keyof T, string>> }

/** A schema of `./schemas` as the check uses it (zod/mini's `safeParse`). */
interface StepSchema<T> {
  safeParse(values: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } }
}
interface Issue {
  path: readonly PropertyKey[]
  message: string
}

const loadSchemas = () => import('./schemas')
let schemas: ReturnType<typeof loadSchemas> | undefined

/**
 * A sign-in step's check with its zod schema, whose code (zod and the schemas) is fetched at the first check rather
 * than with the landing, which is this popup; `pick` chooses the schema from the loaded module at every check. A
 * failed fetch is tried again at the next check.
 */
export function lazyCheck<T>(pick: (loaded: typeof Schemas) => StepSchema<T>): (values: T) => Promise<CheckResult<T>> {
  return async (values) => {
    schemas ??= loadSchemas().catch((failure: unknown) => {
      schemas = undefined
      throw failure
    })
    const result = pick(await schemas).safeParse(values)
    if (result.success) return { passed: true, values: result.data }
    const errors: Partial<Record<keyof T, string>> = {}
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof T
      errors[field] ??= issue.message
    }
    return { passed: false, errors }
  }
}
