import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HttpResponse } from 'msw'
import { signIn } from '@/testing/auth'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { BETTERME_ANSWERS, recordFormAnswers, storeAnswers } from './quiz-test-helpers'

afterEach(() => {
  vi.useRealTimers()
})

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('betterme loading page [QN-49, QN-50]', () => {
  it('shows four texts of 1.75 s, a blank, "ready" for 2 s, then the result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { router } = renderApp('/prepare-betterme-result', { session: storeAnswers(BETTERME_ANSWERS) })
    const loading = await screen.findByTestId('betterme-loading')
    const text = () => screen.getByTestId('betterme-loading-text')
    expect(loading).toHaveAttribute('data-phase', 'text-0')
    expect(text()).toHaveTextContent('در حال بررسی پاسخ‌های شما')
    await advance(1750)
    expect(loading).toHaveAttribute('data-phase', 'text-1')
    await advance(3500)
    expect(loading).toHaveAttribute('data-phase', 'text-3')
    await advance(1750)
    expect(loading).toHaveAttribute('data-phase', 'blank')
    expect(text()).toHaveTextContent('')
    await advance(1750)
    expect(text()).toHaveTextContent('نتیجه شما آماده است!')
    expect(currentLocation(router)).toBe('/prepare-betterme-result')
    await advance(2000)
    await waitFor(() => expect(currentLocation(router)).toBe('/betterme-result'))
  })

  it('without answers shows NO_USER_ANSWER; restart clears the answers and opens /betterme/1', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/prepare-betterme-result', { session: storeAnswers({ bm2_1: 'FEMALE' }) })
    expect(await screen.findByTestId('no-user-answer')).toHaveAttribute('data-error', 'NO_USER_ANSWER')
    await user.click(screen.getByTestId('restart-button'))
    await waitFor(() => expect(currentLocation(router)).toBe('/betterme/1'))
    expect(sessionStorage.getItem('user_answers')).toBeNull()
  })
})

describe('analysis loading [QN-51]', () => {
  it('shows the seven messages 1.25 s apart, then the konkur result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const konkur = {
      kn_1: 'MALE', kn_2: 'RIAZI', kn_3: 'U_1000', kn_4: '7_10', kn_6: ['NOTHING'], kn_7: ['NOTHING'], kn_8: ['NOTHING'],
      kn_9: ['STRESS'], kn_10: 'NO', kn_11: 'WALKING', kn_12: '4_', kn_13: 'NOTHING', kn_14: '13_15', kn_15: '24_',
      kn_16: '21_24', kn_17: 'HOME', kn_18: 'YES', kn_19: 'NOT_CARE',
    }
    const { router } = renderApp('/prepare-konkur-result', { session: storeAnswers(konkur) })
    const list = await screen.findByTestId('fading-list')
    expect(list.querySelectorAll('li')).toHaveLength(7)
    for (let message = 1; message <= 6; message += 1) {
      await advance(1250)
      expect(list.querySelectorAll('li')).toHaveLength(7 - message)
    }
    expect(currentLocation(router)).toBe('/prepare-konkur-result')
    await advance(1250)
    await waitFor(() => expect(currentLocation(router)).toBe('/konkur-result'))
    expect(await screen.findByTestId('konkur-result')).toBeInTheDocument()
    expect(screen.getByTestId('konkur-advice')).toHaveTextContent('صبحانه نخوردن')
  })

  it('a result page without answers shows NO_USER_ANSWER [QN-48]', async () => {
    renderApp('/psychology-result')
    expect(await screen.findByTestId('no-user-answer')).toBeInTheDocument()
  })
})

describe('betterme result [RS-01…RS-20]', () => {
  it('shows 4P, the goal-weight estimate with its chart, similar people, team and cards', async () => {
    renderApp('/betterme-result', { session: storeAnswers(BETTERME_ANSWERS) })
    expect(await screen.findByTestId('suitable-diet')).toHaveTextContent('رژیم فوق سریع 4P')
    const duration = screen.getByTestId('goal-weight-duration')
    expect(duration).toHaveTextContent('از ۸۰ به ۷۰ کیلوگرم در حدود ۳ ماه و ۱۰ روز')
    expect(duration).toHaveAttribute('data-state', 'NORMAL')
    expect(screen.getByTestId('four-p-range')).toHaveTextContent('بین ۲۸ تا ۶۶ روز')
    expect(screen.getByRole('img', { name: 'نمودار کاهش وزن از ۸۰ تا ۷۰ کیلوگرم' })).toBeInTheDocument()
    expect(screen.getByTestId('similar-people')).toHaveTextContent('۱۳۳٬۷۰۱')
    expect(screen.getByTestId('medical-team').querySelectorAll('li')).toHaveLength(4)
    const cards = [...screen.getByTestId('about-your-diet').querySelectorAll('li')].map((card) => card.dataset.card)
    expect(cards).toEqual(['WATER', 'ON_THE_GO', 'EMOTIONAL_EATING', 'FAST_START'])
  })

  it('reads a whole number of months without "and 0 days", and its chart runs from right to left [RS-11, RS-18]', async () => {
    renderApp('/betterme-result', { session: storeAnswers({ ...BETTERME_ANSWERS, bm2_12: 82 }) })
    const duration = await screen.findByTestId('goal-weight-duration')
    expect(duration).toHaveTextContent(/در حدود ۴ ماه$/)
    const points = [...screen.getByTestId('goal-weight-chart').querySelectorAll('circle')].map((point) => Number(point.getAttribute('cx')))
    expect(points.length).toBeGreaterThan(1)
    expect(points).toEqual([...points].sort((a, b) => b - a))
  })

  it('MEZO for a slow pace, without the 4P range', async () => {
    renderApp('/betterme-result', { session: storeAnswers({ ...BETTERME_ANSWERS, bm2_14: 'SLOW' }) })
    expect(await screen.findByTestId('suitable-diet')).toHaveTextContent('رژیم مزوبولیک')
    expect(screen.queryByTestId('four-p-range')).not.toBeInTheDocument()
  })

  it('anonymous: the meal-plan button opens the sign-in popup and returns to the destination after it [RS-20]', async () => {
    const user = userEvent.setup()
    renderApp('/betterme-result', { session: storeAnswers(BETTERME_ANSWERS) })
    await user.click(await screen.findByTestId('meal-plan-button'))
    expect(await screen.findByTestId('auth-popup')).toBeInTheDocument()
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/select-package')
  })

  it('signed in: the answers go with the mobile number, then the destination in betterMeDestination [RS-19, RS-20]', async () => {
    signIn()
    localStorage.setItem('mobileNumber', '09121234567')
    const sent = recordFormAnswers()
    const user = userEvent.setup()
    const { router } = renderApp('/betterme-result', {
      session: { ...storeAnswers(BETTERME_ANSWERS), betterMeDestination: '/select-package-c' },
    })
    await user.click(await screen.findByTestId('meal-plan-button'))
    await waitFor(() => expect(currentLocation(router)).toBe('/select-package-c'))
    expect(sent[0]?.body).toMatchObject({ userId: '09121234567', formType: 'betterme2' })
  })

  it('signed in after answering anonymously: the send carries the token and the edit token, so the BFF links the record [RS-20, QN-41]', async () => {
    signIn()
    const sent = recordFormAnswers()
    const user = userEvent.setup()
    const { router } = renderApp('/betterme-result', {
      session: { ...storeAnswers(BETTERME_ANSWERS), form_answer_id: '77', form_answer_edit_token: 'edit-77', betterMeDestination: '/select-package-c' },
    })
    await user.click(await screen.findByTestId('meal-plan-button'))
    await waitFor(() => expect(currentLocation(router)).toBe('/select-package-c'))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ method: 'PATCH', id: '77', editToken: 'edit-77', authorization: expect.stringMatching(/^Bearer /) })
  })
})

describe('other results', () => {
  const GOOD_LOOKING = {
    bm_f1: 'FEMALE', bm_f2: 'LOSE_WEIGHT', bm_f3: '30Year', bm_f4: 'Both', bm_f5: 'Low_Metabolism', bm_f6: 'None',
    bm_f7: 'Housewife', bm_f9: 'House', bm_f10: '7Hour', bm_f11: 'Tea', bm_f12: ['Dairy'], bm_f13: 'Effort',
    bm_f14: 165, bm_f15: 72, bm_f16: 60, bm_f17: 'None',
  }

  /** The perfect-body landing: records the registration's fields; the result is the BFF's, whatever the answers. */
  function perfectBody(registrationFailures = 0) {
    const registrations: Record<string, FormDataEntryValue>[] = []
    let failures = registrationFailures
    server.use(
      http.post('/landing/perfectbody/registrationt2', async ({ request }) => {
        if (failures-- > 0) return HttpResponse.json({ err: { code: 'JSP_ERROR', message: 'خطا', details: { messages: ['year'] } } }, { status: 500 })
        registrations.push(Object.fromEntries((await request.formData()).entries()))
        return HttpResponse.json({ referral: 'ref-1' })
      }),
      http.post('/landing/perfectbody/resultt2', async ({ request }) => {
        const referral = String((await request.formData()).get('referral'))
        return HttpResponse.json({
          referral, gender: 'FEMALE', timeToMonth: 4, overWeight: 4.9, numberOfPeriod: 4, bmi: 26.4,
          bmiClass: 'OVERWEIGHT', bodyShape: 'ROUND',
        })
      }),
    )
    return registrations
  }

  it('good-looking on /result: the BFF body shape, BMI and months, then celebrity, style, habits [RS-21, RS-24…RS-29]', async () => {
    const registrations = perfectBody()
    renderApp('/result', { session: storeAnswers(GOOD_LOOKING) })
    expect(await screen.findByRole('heading', { level: 1, name: 'اندام سیبی' })).toBeInTheDocument()
    expect(registrations).toEqual([{ gender: 'FEMALE', day: '1', month: '1', year: '1366', weight: '72', height: '165', botCheckToken: '' }])
    expect(window.sessionStorage.getItem('referral')).toBe('ref-1')
    expect(screen.getByTestId('bmi-warning')).toHaveTextContent('اضافه وزن دارید')
    // Persian decimals take the Persian decimal separator, not a dot.
    expect(screen.getByTestId('bmi-warning')).toHaveTextContent('۲۶٫۴')
    expect(screen.getByTestId('over-weight')).toHaveTextContent('۴٫۹')
    expect(screen.getByTestId('time-to-month')).toHaveAttribute('data-months', '4')
    expect(screen.getByTestId('celebrity')).toHaveTextContent('ملیسا مک‌کارتی')
    expect(screen.getByTestId('habits')).toHaveTextContent('بیشتر در خانه هستم')
    expect(screen.getByTestId('habits')).toHaveTextContent('لبنیات')
  })

  it('good-looking: a failing registration is tried 3 times, then the page offers to try again [RS-30, ER-57]', async () => {
    const registrations = perfectBody(3)
    renderApp('/result', { session: storeAnswers(GOOD_LOOKING) })
    const user = userEvent.setup()
    expect(await screen.findByTestId('perfect-body-error')).toHaveTextContent('دریافت نتیجه ممکن نشد')
    expect(registrations).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'تلاش دوباره' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'اندام سیبی' })).toBeInTheDocument()
    expect(registrations).toHaveLength(1)
  })

  it('nowruz: the plan and the stabilising notice [QN-18]', async () => {
    renderApp('/nowruz-result', {
      session: storeAnswers({
        nrz_1: 'FEMALE', nrz_2: '30_40', nrz_3: ['NOTHING'], nrz_4: ['NOTHING'], nrz_5: ['NOTHING'], nrz_6: ['NOTHING'],
        nrz_7: 'WALKING', nrz_8: '2_5', nrz_9: 'TRAVEL', nrz_10: 70, nrz_11: 'BE_THIN',
      }),
    })
    expect(await screen.findByTestId('holiday-plan')).toHaveTextContent('به سفر می‌روم')
    expect(screen.getByTestId('stabilise-notice')).toHaveTextContent('فقط وزن شما را ثابت نگه می‌دارد')
  })

  it('psychology: area meters and level', async () => {
    const frequencies = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`psy_${i + 3}`, 'SOMETIMES']))
    renderApp('/psychology-result', {
      session: storeAnswers({
        psy_1: 'FEMALE', psy_2: '20_30', ...frequencies, psy_12: ['NONE'], psy_13: ['NONE'], psy_14: ['NONE'],
        psy_15: ['EAT_WHEN_SAD'], psy_16: 'NONE', psy_17: ['NOTHING'], psy_18: ['NOTHING'], psy_19: 'NO', psy_20: 6,
        psy_21: 3, psy_22: 'شب‌ها زیاد می‌خورم',
      }),
    })
    expect(await screen.findByTestId('psychology-level')).toBeInTheDocument()
    expect(screen.getByTestId('psychology-areas').querySelectorAll('meter')).toHaveLength(3)
  })
})
