import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOKEN_KEY } from '@/lib/auth'
import { REFERRAL_KEY } from '@/lib/referral'
import { countries } from '@/testing/data/countries'
import { errorBody, signedInAnswer } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

type Body = Record<string, unknown>

/** Records the bodies of the sign-in calls and the analytics actions. */
function recordCalls(check: { isRegistered: boolean; authenticationType: 'sms' | 'email' } = { isRegistered: true, authenticationType: 'sms' }) {
  const calls: { path: string; body: Body }[] = []
  const events: string[] = []
  const record = (path: string) => async ({ request }: { request: Request }) => {
    calls.push({ path, body: (await request.json()) as Body })
  }
  const codeSent = { channel: 'sms' as const, resendAfterSeconds: 60, expiresInSeconds: 120 }
  server.use(
    http.post('/auth/check-mobile', async (info) => {
      await record('/auth/check-mobile')(info)
      return HttpResponse.json(check)
    }),
    http.post('/auth/otp', async (info) => {
      await record('/auth/otp')(info)
      return HttpResponse.json(codeSent)
    }),
    http.post('/auth/verify-mobile', async (info) => {
      await record('/auth/verify-mobile')(info)
      return HttpResponse.json(codeSent)
    }),
    http.post('/auth/register/email', async (info) => {
      await record('/auth/register/email')(info)
      return HttpResponse.json({ ...codeSent, channel: 'email' as const })
    }),
    http.post('/auth/profile-number', async (info) => {
      await record('/auth/profile-number')(info)
      return HttpResponse.json(codeSent)
    }),
    http.post('/auth/login', async (info) => {
      await record('/auth/login')(info)
      return HttpResponse.json(signedInAnswer())
    }),
    http.post('/auth/register', async (info) => {
      await record('/auth/register')(info)
      return HttpResponse.json(signedInAnswer())
    }),
    http.post('/lemonade/api/analytics', async ({ request }) => {
      const body = (await request.json()) as Body
      if (body.category === 'click') events.push(String(body.action))
      return HttpResponse.json({ id: 'e' })
    }),
  )
  return { calls, events, paths: () => calls.map((call) => call.path) }
}

async function openPopup(path = '/enter', session: Record<string, string> = {}) {
  const user = userEvent.setup()
  const app = renderApp(path, { session })
  const popup = await screen.findByTestId('auth-popup')
  return { ...app, user, popup }
}

function popupStep() {
  return screen.getByTestId('auth-popup').getAttribute('data-step')
}

async function enterMobile(user: ReturnType<typeof userEvent.setup>, mobile = '09121234567') {
  await user.type(screen.getByTestId('mobile-input'), mobile)
  await user.click(screen.getByTestId('submit-button'))
}

async function expectStep(step: string) {
  await waitFor(() => expect(popupStep()).toBe(step))
}

afterEach(() => {
  vi.useRealTimers()
})

describe('sign-in popup', () => {
  it('is a modal starting at ENTER_MOBILE that an outside click does not close [AU-01]', async () => {
    const { popup } = await openPopup()
    expect(popup).toHaveAttribute('role', 'dialog')
    expect(popup).toHaveAttribute('aria-modal', 'true')
    expect(popupStep()).toBe('ENTER_MOBILE')
    fireEvent.click(popup.parentElement as HTMLElement)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.getByTestId('auth-popup')).toBeInTheDocument()
  })

  it('shows the terms notice [AU-34] and no operator logo without the flag [AU-54]', async () => {
    await openPopup()
    expect(screen.getByTestId('terms-notice')).toHaveTextContent(
      'ورود یا ثبت‌نام شما به معنای پذیرش قوانین و مقررات و حریم خصوصی لیمو است.',
    )
    expect(screen.getByRole('link', { name: 'قوانین و مقررات' })).toHaveAttribute('href', 'https://limoo.ir/terms')
    expect(screen.getByRole('link', { name: 'حریم خصوصی' })).toHaveAttribute('href', 'https://limoo.ir/privacy')
    expect(within(screen.getByTestId('auth-popup')).queryByTestId('operator-logo')).not.toBeInTheDocument()
  })

  it('offers no back button on a first visit, where there is nothing to go back to, and one on the code step', async () => {
    recordCalls()
    const { user } = await openPopup()
    expect(within(screen.getByTestId('auth-popup')).getByTestId('auth-back')).toBeDisabled()
    await enterMobile(user)
    await expectStep('LOGIN_MOBILE')
    expect(screen.getByTestId('auth-back')).toBeEnabled()
    await user.click(screen.getByTestId('auth-back'))
    await expectStep('ENTER_MOBILE')
  })

  it('shows the operator logo with the operator theme flag [AU-54]', async () => {
    await openPopup('/enter', { isOperatorTheme: 'true' })
    expect(within(screen.getByTestId('auth-popup')).getByTestId('operator-logo')).toBeInTheDocument()
  })

  it('checks the number and moves a registered sms user to LOGIN_MOBILE with a code sent [AU-02, AU-03, AU-49]', async () => {
    const { calls, events, paths } = recordCalls({ isRegistered: true, authenticationType: 'sms' })
    const { user } = await openPopup()
    await enterMobile(user)
    await expectStep('LOGIN_MOBILE')
    expect(paths()).toEqual(['/auth/check-mobile', '/auth/otp'])
    expect(calls[0]?.body).toEqual({ mobileNumber: '9121234567', countryId: 1, botCheckToken: '' })
    expect(screen.getByText('یک کد ۶ رقمی از طریق پیامک برای شما ارسال شد')).toBeInTheDocument()
    await waitFor(() => expect(events).toContain('get_otp'))
  })

  it("puts the focus in each step's field as the step appears: the number, then the code", async () => {
    recordCalls({ isRegistered: true, authenticationType: 'sms' })
    const { user } = await openPopup()
    await waitFor(() => expect(screen.getByTestId('mobile-input')).toHaveFocus())
    await enterMobile(user)
    await expectStep('LOGIN_MOBILE')
    await waitFor(() => expect(screen.getByTestId('code-input')).toHaveFocus())
  })

  it('sends the referral code the visit was opened with, and forgets it once signed in', async () => {
    const { calls } = recordCalls({ isRegistered: false, authenticationType: 'sms' })
    const { user } = await openPopup('/enter?referral=k7qm2d')
    await enterMobile(user)
    await expectStep('REGISTER_MOBILE')
    expect(calls[0]?.body).toEqual({ mobileNumber: '9121234567', countryId: 1, referral: 'K7QM2D', botCheckToken: '' })
    await user.type(screen.getByTestId('code-input'), '123456')
    await user.click(screen.getByTestId('submit-button'))
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/auth/register'))
    await waitFor(() => expect(window.localStorage.getItem(REFERRAL_KEY)).toBeNull())
  })

  it('sends no referral when the address carried junk', async () => {
    const { calls } = recordCalls({ isRegistered: false, authenticationType: 'sms' })
    const { user } = await openPopup('/enter?referral=%3Cscript%3E')
    await enterMobile(user)
    await expectStep('REGISTER_MOBILE')
    expect(calls[0]?.body).not.toHaveProperty('referral')
  })

  it('moves a registered e-mail user to LOGIN_EMAIL [AU-04, AU-11]', async () => {
    recordCalls({ isRegistered: true, authenticationType: 'email' })
    const { user } = await openPopup()
    await enterMobile(user)
    await expectStep('LOGIN_EMAIL')
    expect(screen.getByText('یک کد ۶ رقمی به ایمیل شما ارسال شد')).toBeInTheDocument()
  })

  it('moves an unregistered sms number to REGISTER_MOBILE, sending a verify code [AU-05]', async () => {
    const { paths } = recordCalls({ isRegistered: false, authenticationType: 'sms' })
    const { user } = await openPopup()
    await enterMobile(user)
    await expectStep('REGISTER_MOBILE')
    expect(paths()).toEqual(['/auth/check-mobile', '/auth/verify-mobile'])
  })

  it('moves an unregistered e-mail number to ENTER_EMAIL, then sends the code to the e-mail [AU-06, AU-07, AU-31]', async () => {
    const { calls } = recordCalls({ isRegistered: false, authenticationType: 'email' })
    const { user } = await openPopup()
    await enterMobile(user)
    await expectStep('ENTER_EMAIL')
    const email = screen.getByTestId('email-input')
    expect(screen.getByTestId('submit-button')).toBeDisabled()
    await user.type(email, 'abc')
    expect(await screen.findByText('ایمیل به درستی وارد نشده است')).toBeInTheDocument()
    await user.clear(email)
    expect(await screen.findByText('ایمیل وارد نشده است')).toBeInTheDocument()
    await user.type(email, 'sara@example.com')
    await user.click(screen.getByTestId('submit-button'))
    await expectStep('REGISTER_EMAIL')
    expect(calls.at(-1)).toEqual({
      path: '/auth/register/email',
      body: { mobileNumber: '9121234567', countryId: 1, email: 'sara@example.com', botCheckToken: '' },
    })
  })
})

describe('mobile step', () => {
  it('shows 9********* and keeps the submit disabled until a valid number is typed [AU-22, AU-29]', async () => {
    const { user } = await openPopup()
    const input = screen.getByTestId('mobile-input')
    expect(input).toHaveAttribute('placeholder', '9*********')
    expect(screen.getByTestId('submit-button')).toBeDisabled()
    await user.type(input, '912')
    expect(screen.getByTestId('submit-button')).toBeDisabled()
    await user.type(input, '1234567')
    expect(screen.getByTestId('submit-button')).toBeEnabled()
  })

  it('converts Persian digits, removes the leading 0 and keeps 10 characters [AU-23, AU-28, AU-29]', async () => {
    const { user } = await openPopup()
    const input = screen.getByTestId('mobile-input')
    await user.type(input, '۰۹۱۲۱۲۳۴۵۶۷۸')
    expect(input).toHaveValue('9121234567')
  })

  it('says when the number is missing or wrong [AU-25, AU-26]', async () => {
    const { user } = await openPopup()
    const input = screen.getByTestId('mobile-input')
    await user.type(input, '912345678')
    expect(await screen.findByText('شماره تلفن صحیح وارد نشده است')).toBeInTheDocument()
    await user.clear(input)
    expect(await screen.findByText('شماره تلفن وارد نشده است')).toBeInTheDocument()
  })

  it('shows the server-access message when the check fails without a code (DECISIONS) [ER-05]', async () => {
    server.use(http.post('/auth/check-mobile', () => HttpResponse.error()))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user } = await openPopup()
    await enterMobile(user)
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('خطا دسترسی به سرور')
    expect(popupStep()).toBe('ENTER_MOBILE')
    expect(warn).toHaveBeenCalled()
  })

  it('shows page-not-found for a 404 [ER-01]', async () => {
    server.use(http.post('/auth/check-mobile', () => HttpResponse.json(errorBody('404'), { status: 404 })))
    const { user } = await openPopup()
    await enterMobile(user)
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('صفحه مورد نظر یافت نشد')
  })
})

describe('country picker', () => {
  it('fetches the country list when the sheet opens, not with the popup (Iran needs no list)', async () => {
    let listed = 0
    server.use(
      http.get('/lemonade/api/countries', () => {
        listed += 1
        return HttpResponse.json(countries())
      }),
    )
    const { user } = await openPopup()
    expect(screen.getByTestId('country-picker-button')).toHaveTextContent('+98')
    expect(listed).toBe(0)
    await user.click(screen.getByTestId('country-picker-button'))
    await waitFor(() => expect(listed).toBe(1))
  })

  it('searches the list, shows the empty state and switches the country [AU-27, AU-33]', async () => {
    const { calls } = recordCalls({ isRegistered: true, authenticationType: 'sms' })
    const { user } = await openPopup()
    await user.click(screen.getByTestId('country-picker-button'))
    const sheet = screen.getByRole('dialog', { name: 'کد کشور' })
    expect(within(sheet).getByRole('button', { name: 'بازگشت' })).toBeInTheDocument()
    const search = within(sheet).getByTestId('country-search')
    await waitFor(() => expect(within(sheet).getAllByTestId('country-option').length).toBeGreaterThan(1))
    await user.type(search, 'xyz')
    expect(within(sheet).getByText('کد کشوری یافت نشد')).toBeInTheDocument()
    await user.clear(search)
    await user.type(search, 'ترکیه')
    await user.click(within(sheet).getByRole('radio', { name: /ترکیه/ }))
    await user.click(within(sheet).getByRole('button', { name: 'تایید' }))
    expect(screen.queryByRole('dialog', { name: 'کد کشور' })).not.toBeInTheDocument()
    expect(screen.getByTestId('country-picker-button')).toHaveTextContent('+90')
    expect(screen.getByTestId('mobile-input')).not.toHaveAttribute('placeholder')
    await enterMobile(user, '5')
    await expectStep('LOGIN_MOBILE')
    expect(calls[0]?.body).toEqual({ mobileNumber: '5', countryId: 220, botCheckToken: '' })
    expect(screen.getByTestId('shown-mobile')).toHaveTextContent('+۹۰۵')
  })
})

describe('code step', () => {
  async function reachCode(check: { isRegistered: boolean; authenticationType: 'sms' | 'email' }, path = '/enter') {
    const recorded = recordCalls(check)
    const opened = await openPopup(path)
    await enterMobile(opened.user)
    await waitFor(() => expect(screen.getByTestId('code-input')).toBeInTheDocument())
    return { ...recorded, ...opened }
  }

  it('shows the number as a button back to ENTER_MOBILE [AU-10, AU-52]', async () => {
    const { user, events } = await reachCode({ isRegistered: true, authenticationType: 'sms' })
    const shown = screen.getByTestId('shown-mobile')
    expect(shown).toHaveTextContent('۰۹۱۲۱۲۳۴۵۶۷')
    await user.click(shown)
    await expectStep('ENTER_MOBILE')
    expect(screen.getByTestId('mobile-input')).toHaveValue('9121234567')
    await waitFor(() => expect(events).toContain('edit_mobile'))
  })

  it('keeps the button disabled for a dashed code and asks for the code when empty [AU-18, AU-21]', async () => {
    const { user } = await reachCode({ isRegistered: true, authenticationType: 'sms' })
    const input = screen.getByTestId('code-input')
    await user.type(input, '12-456')
    expect(screen.getByTestId('submit-button')).toBeDisabled()
    await user.clear(input)
    expect(await screen.findByText('لطفا پیامک ارسال شده را وارد نمایید')).toBeInTheDocument()
  })

  it('asks for the sent code on the e-mail variant (DECISIONS) [AU-19]', async () => {
    const { user } = await reachCode({ isRegistered: true, authenticationType: 'email' })
    const input = screen.getByTestId('code-input')
    await user.type(input, '1')
    await user.clear(input)
    expect(await screen.findByText('لطفا کد ارسال شده را وارد نمایید')).toBeInTheDocument()
  })

  it('logs in with the cleaned code, stores the token and leaves for /enter-success [AU-16, AU-20, AU-23, AU-50, RG-08]', async () => {
    const { user, calls, events, router } = await reachCode({ isRegistered: true, authenticationType: 'sms' })
    const input = screen.getByTestId('code-input')
    await user.type(input, '۱۲۳ ۴۵۶')
    expect(input).toHaveValue('123456')
    await user.click(screen.getByTestId('submit-button'))
    await waitFor(() => expect(currentLocation(router)).toBe('/user-panel'))
    expect(calls.at(-1)).toEqual({
      path: '/auth/login',
      body: { mobileNumber: '9121234567', countryId: 1, otp: '123456', service: 'LIMOO_SHOP', botCheckToken: '' },
    })
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeTruthy()
    expect(screen.queryByTestId('auth-popup')).not.toBeInTheDocument()
    expect(events).toContain('enter_otp')
  })

  it('registers with firstName and lastName unknown and returns to next [AU-08, AU-09, RG-05, RG-06]', async () => {
    const { user, calls, router } = await reachCode(
      { isRegistered: false, authenticationType: 'sms' },
      `/enter?next=${encodeURIComponent('/checkout-new?x=1')}`,
    )
    await user.type(screen.getByTestId('code-input'), '654321')
    await user.click(screen.getByTestId('submit-button'))
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new?x=1'))
    expect(calls.at(-1)).toEqual({
      path: '/auth/register',
      body: {
        mobileNumber: '9121234567',
        countryId: 1,
        countryID: 1,
        otp: '654321',
        OTPCode: '654321',
        firstName: 'unknown',
        lastName: 'unknown',
        service: 'LIMOO_SHOP',
        botCheckToken: '',
      },
    })
  })

  it('shows PENDING and a loading button while the login is in flight, then the error by code [AU-15, AU-24, ER-02, ER-06]', async () => {
    const { user } = await reachCode({ isRegistered: true, authenticationType: 'sms' })
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.post('/auth/login', async () => {
        await answered
        return HttpResponse.json(errorBody('400', 'کد اشتباه'), { status: 400 })
      }),
    )
    await user.type(screen.getByTestId('code-input'), '111111')
    await user.click(screen.getByTestId('submit-button'))
    await waitFor(() => expect(screen.getByTestId('auth-popup')).toHaveAttribute('data-server-state', 'PENDING'))
    expect(screen.getByTestId('submit-button')).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByTestId('submit-button')).toBeDisabled()
    release()
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('لطفا اطلاعات خود را صحیح وارد نمایید')
    expect(screen.getByTestId('submit-button')).toHaveAttribute('aria-busy', 'false')
    expect(screen.getByTestId('submit-button')).toBeEnabled()
  })

  it.each([
    ['WRONG_CODE', 'کد وارد شده صحیح نیست'],
    ['CODE_EXPIRED', 'کد ورود منقضی شده است؛ لطفا کد جدید دریافت کنید'],
    ['CODE_LOCKED', 'تعداد تلاش‌های نادرست بیش از حد مجاز است؛ لطفا کد جدید دریافت کنید'],
  ])('says why a %s code was refused under the 400 message [ER-02]', async (reason, message) => {
    const { user } = await reachCode({ isRegistered: true, authenticationType: 'sms' })
    const refused = { err: { ...errorBody('400').err, reason } }
    server.use(http.post('/auth/login', () => HttpResponse.json(refused, { status: 400 })))
    await user.type(screen.getByTestId('code-input'), '111111')
    await user.click(screen.getByTestId('submit-button'))
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('لطفا اطلاعات خود را صحیح وارد نمایید')
    expect(screen.getByTestId('auth-error-reason')).toHaveTextContent(message)
  })

  it('adds no reason when the BFF names none', async () => {
    const { user } = await reachCode({ isRegistered: true, authenticationType: 'sms' })
    server.use(http.post('/auth/login', () => HttpResponse.json(errorBody('400'), { status: 400 })))
    await user.type(screen.getByTestId('code-input'), '111111')
    await user.click(screen.getByTestId('submit-button'))
    expect(await screen.findByTestId('auth-error')).toBeInTheDocument()
    expect(screen.queryByTestId('auth-error-reason')).not.toBeInTheDocument()
  })

  it('shows the generic message for a 401 on the mobile login step (DECISIONS) [ER-03]', async () => {
    const { user } = await reachCode({ isRegistered: true, authenticationType: 'sms' })
    server.use(http.post('/auth/login', () => HttpResponse.json(errorBody('401'), { status: 401 })))
    await user.type(screen.getByTestId('code-input'), '111111')
    await user.click(screen.getByTestId('submit-button'))
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('خطا دسترسی به سرور')
  })

  it('shows user-not-registered for a 401 in registration [ER-03]', async () => {
    const { user } = await reachCode({ isRegistered: false, authenticationType: 'sms' })
    server.use(http.post('/auth/register', () => HttpResponse.json(errorBody('401'), { status: 401 })))
    await user.type(screen.getByTestId('code-input'), '111111')
    await user.click(screen.getByTestId('submit-button'))
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('اطلاعات کاربر ثبت نشده است')
  })

  it('opens the code step when a code went out less than a minute ago (a lost answer, a second tab)', async () => {
    const { paths } = recordCalls({ isRegistered: true, authenticationType: 'sms' })
    const tooSoon = { err: { ...errorBody('429').err, reason: 'RESEND_TOO_SOON' } }
    server.use(http.post('/auth/otp', () => HttpResponse.json(tooSoon, { status: 429 })))
    const { user } = await openPopup()
    await enterMobile(user)
    await expectStep('LOGIN_MOBILE')
    expect(screen.getByTestId('auth-error')).toHaveTextContent('خطا دسترسی به سرور')
    expect(screen.getByTestId('auth-error-reason')).toHaveTextContent('همان کد را وارد کنید')
    expect(screen.getByTestId('resend-timer')).toHaveAttribute('data-seconds', '60')
    await user.type(screen.getByTestId('code-input'), '111111')
    await user.click(screen.getByTestId('submit-button'))
    await waitFor(() => expect(paths()).toContain('/auth/login'))
  })

  it('counts down the seconds the server says are left when it refused a code as asked for too soon', async () => {
    recordCalls({ isRegistered: true, authenticationType: 'sms' })
    const tooSoon = { err: { ...errorBody('429').err, reason: 'RESEND_TOO_SOON', retryAfterSeconds: 42 } }
    server.use(http.post('/auth/otp', () => HttpResponse.json(tooSoon, { status: 429 })))
    const { user } = await openPopup()
    await enterMobile(user)
    await expectStep('LOGIN_MOBILE')
    await waitFor(() => expect(Number(screen.getByTestId('resend-timer').dataset.seconds)).toBeLessThanOrEqual(42))
    // Back to the number, and a code that goes out: the next code step counts the whole minute again.
    await user.click(screen.getByTestId('shown-mobile'))
    await expectStep('ENTER_MOBILE')
    recordCalls({ isRegistered: true, authenticationType: 'sms' })
    await user.click(screen.getByTestId('submit-button'))
    await expectStep('LOGIN_MOBILE')
    expect(screen.getByTestId('resend-timer')).toHaveAttribute('data-seconds', '60')
  })

  it('keeps the number step when the hourly limit refused the code', async () => {
    recordCalls({ isRegistered: true, authenticationType: 'sms' })
    const limited = { err: { ...errorBody('429').err, reason: 'HOURLY_LIMIT' } }
    server.use(http.post('/auth/otp', () => HttpResponse.json(limited, { status: 429 })))
    const { user } = await openPopup()
    await enterMobile(user)
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('خطا دسترسی به سرور')
    expect(popupStep()).toBe('ENTER_MOBILE')
  })

  it('shows the server-access message for other codes [ER-04]', async () => {
    const { user } = await reachCode({ isRegistered: true, authenticationType: 'email' })
    server.use(http.post('/auth/login', () => HttpResponse.json(errorBody('502'), { status: 502 })))
    await user.type(screen.getByTestId('code-input'), '111111')
    await user.click(screen.getByTestId('submit-button'))
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('خطا دسترسی به سرور')
  })

  it('resends after the countdown, restarting it and sending the code again [AU-13, AU-14, AU-51]', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { paths, events } = await reachCode({ isRegistered: true, authenticationType: 'sms' })
    expect(screen.getByTestId('resend-button')).toBeDisabled()
    for (let second = 0; second < 60; second += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000)
      })
    }
    await waitFor(() => expect(screen.getByTestId('resend-button')).toBeEnabled())
    expect(screen.queryByTestId('resend-timer')).not.toBeInTheDocument()
    fireEvent.click(screen.getByTestId('resend-button'))
    expect(screen.getByTestId('resend-timer')).toHaveAttribute('data-seconds', '60')
    expect(screen.getByTestId('resend-button')).toBeDisabled()
    await waitFor(() => expect(paths()).toEqual(['/auth/check-mobile', '/auth/otp', '/auth/otp']))
    await waitFor(() => expect(events).toContain('retry_get_otp'))
  })
})

describe('WebOTP', () => {
  it('fills in and submits the code read from the text message [AU-17]', async () => {
    const get = vi.fn<(options: unknown) => Promise<{ code: string }>>(() => Promise.resolve({ code: '246810' }))
    Object.defineProperty(window, 'OTPCredential', { value: class {}, configurable: true })
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true })
    try {
      const { calls } = recordCalls({ isRegistered: true, authenticationType: 'sms' })
      const { user, router } = await openPopup()
      await enterMobile(user)
      await waitFor(() => expect(currentLocation(router)).toBe('/user-panel'))
      expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }))
      expect(calls.at(-1)).toMatchObject({ path: '/auth/login', body: { otp: '246810' } })
    } finally {
      Reflect.deleteProperty(window, 'OTPCredential')
      Reflect.deleteProperty(navigator, 'credentials')
    }
  })
})

describe('other sign-in routes', () => {
  it('logs in with mobile and file number on /login-with-file-number', async () => {
    const { calls } = recordCalls()
    const { user, router: appRouter } = await openPopup('/login-with-file-number')
    expect(popupStep()).toBe('ENTER_FILE_NUMBER')
    await user.type(screen.getByTestId('mobile-input'), '09121234567')
    await user.type(screen.getByTestId('file-number-input'), '۱۰۰۱')
    await user.click(screen.getByTestId('submit-button'))
    await expectStep('LOGIN_MOBILE')
    expect(calls[0]).toEqual({
      path: '/auth/profile-number',
      body: { mobileNumber: '9121234567', countryId: 1, profileNumber: '1001', botCheckToken: '' },
    })
    await user.type(screen.getByTestId('code-input'), '123456')
    await user.click(screen.getByTestId('submit-button'))
    await waitFor(() => expect(currentLocation(appRouter)).toBe('/user-panel'))
    expect(calls.at(-1)?.path).toBe('/auth/login')
  })

  it('shows the mobile flow on /login-with-reverse-otp', async () => {
    await openPopup('/login-with-reverse-otp')
    expect(popupStep()).toBe('ENTER_MOBILE')
  })

  it('opens /login-with-mobile on the code step for a known number and sends the code', async () => {
    window.localStorage.setItem('mobileNumber', '9351234567')
    const { paths } = recordCalls()
    await openPopup('/login-with-mobile')
    expect(popupStep()).toBe('LOGIN_MOBILE')
    expect(screen.getByTestId('shown-mobile')).toHaveTextContent('۰۹۳۵۱۲۳۴۵۶۷')
    await waitFor(() => expect(paths()).toEqual(['/auth/otp']))
  })
})
