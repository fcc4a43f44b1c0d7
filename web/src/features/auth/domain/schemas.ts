// zod's tree-shakable API: the sign-in popup is the landing, and these schemas ship in the first bundle.
import { z } from 'zod/mini'
import { codeProblem } from './code'
import { mobileProblem } from './mobile'

/** Messages are i18n keys; the forms translate them. */
export type AuthMessageKey =
  | 'auth.validation.mobileRequired'
  | 'auth.validation.mobileInvalid'
  | 'auth.validation.emailRequired'
  | 'auth.validation.emailInvalid'
  | 'auth.validation.codeRequiredSms'
  | 'auth.validation.codeRequiredEmail'
  | 'auth.validation.fileNumberRequired'

/** ENTER_MOBILE [AU-25…AU-27]. */
export function mobileSchema(countryId: number) {
  return z.object({
    mobileNumber: z.string().check(
      z.superRefine((value, ctx) => {
        const problem = mobileProblem(value, countryId)
        if (problem === 'required') ctx.addIssue({ code: 'custom', message: 'auth.validation.mobileRequired' })
        else if (problem === 'invalid') ctx.addIssue({ code: 'custom', message: 'auth.validation.mobileInvalid' })
      }),
    ),
  })
}
export type MobileForm = z.infer<ReturnType<typeof mobileSchema>>

/** ENTER_EMAIL [AU-31]. */
export const emailSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, { message: 'auth.validation.emailRequired' })),
    z.email({ message: 'auth.validation.emailInvalid' }),
  ),
})
export type EmailForm = z.infer<typeof emailSchema>

/** The code field [AU-18, AU-19, AU-21]; the message depends on the channel (DECISIONS for the e-mail text). */
export function codeSchema(channel: 'sms' | 'email') {
  const required = channel === 'sms' ? 'auth.validation.codeRequiredSms' : 'auth.validation.codeRequiredEmail'
  return z.object({
    code: z.string().check(
      z.superRefine((value, ctx) => {
        if (codeProblem(value) !== null) ctx.addIssue({ code: 'custom', message: required })
      }),
    ),
  })
}
export type CodeForm = z.infer<ReturnType<typeof codeSchema>>

/** /login-with-file-number: mobile and file (profile) number. */
export function fileNumberSchema(countryId: number) {
  return z.extend(mobileSchema(countryId), {
    profileNumber: z.string().check(z.trim(), z.minLength(1, { message: 'auth.validation.fileNumberRequired' })),
  })
}
export type FileNumberForm = z.infer<ReturnType<typeof fileNumberSchema>>
