import { describe, expect, it } from 'vitest'
import { createI18n } from '@/i18n'
import { codeSchema, emailSchema, mobileSchema } from './schemas'

const t = createI18n('fa').t

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  const key = result.error?.issues[0]?.message
  return key ? t(key as never) : undefined
}

describe('sign-in form messages', () => {
  it('says the mobile number is missing [AU-25]', () => {
    expect(messageOf(mobileSchema(1).safeParse({ mobileNumber: '' }))).toBe('شماره تلفن وارد نشده است')
  })

  it('says the Iranian mobile number is wrong [AU-26]', () => {
    expect(messageOf(mobileSchema(1).safeParse({ mobileNumber: '912345678' }))).toBe('شماره تلفن صحیح وارد نشده است')
  })

  it('accepts any number for another country [AU-27]', () => {
    expect(mobileSchema(220).safeParse({ mobileNumber: '12' }).success).toBe(true)
  })

  it('says the e-mail is missing or malformed [AU-31]', () => {
    expect(messageOf(emailSchema.safeParse({ email: '' }))).toBe('ایمیل وارد نشده است')
    expect(messageOf(emailSchema.safeParse({ email: 'abc' }))).toBe('ایمیل به درستی وارد نشده است')
    expect(emailSchema.safeParse({ email: 'a@b.ir' }).success).toBe(true)
  })

  it('asks for the text-message code, or the sent code on e-mail [AU-18, AU-19]', () => {
    expect(messageOf(codeSchema('sms').safeParse({ code: '' }))).toBe('لطفا پیامک ارسال شده را وارد نمایید')
    expect(messageOf(codeSchema('email').safeParse({ code: '' }))).toBe('لطفا کد ارسال شده را وارد نمایید')
    expect(codeSchema('sms').safeParse({ code: '12-456' }).success).toBe(false)
    expect(codeSchema('sms').safeParse({ code: '123456' }).success).toBe(true)
  })
})
