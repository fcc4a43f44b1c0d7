import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { dietHandlers, runningDiet } from '@/testing/diet-handlers'
import { doubleTap } from '@/testing/double-tap'
import { activeDiet, errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { START_DATE_EDITS_KEY, startDateEdits } from '../domain/start-date-edits'
import { server } from '@/testing/server'

function answerStatus(status: Parameters<typeof activeDiet>[0], extra: Record<string, unknown> = {}) {
  const answer = activeDiet(status)
  Object.assign(answer.msg.activeDiet, { orderId: 7, ...extra })
  server.use(http.get('/app/diets/active', () => HttpResponse.json(answer) as never))
}

describe('/diets: the diet package card', () => {
  beforeEach(() => server.use(...dietHandlers))

  it('sends a customer who paid to the diet questions [DS-15]', async () => {
    signIn()
    answerStatus('ANSWERING_QUESTIONS')
    renderApp('/diets')
    const card = await screen.findByTestId('active-diet')
    expect(within(card).getByTestId('active-diet-state')).toHaveTextContent('در حال پاسخ به سوالات')
    expect(within(card).getByRole('link', { name: 'پاسخ به سوالات رژیم' })).toHaveAttribute('href', '/form/f1')
  })

  it('says the diet is being issued once the questions are answered [DS-19]', async () => {
    signIn()
    answerStatus('ISSUING', { dietNumber: 'D-1' })
    renderApp('/diets')
    expect(await screen.findByTestId('active-diet-state')).toHaveTextContent('در حال صدور توسط متخصصین')
    expect(screen.queryByTestId('answer-questions')).not.toBeInTheDocument()
  })

  it('shows the days left of a running diet and offers a new one close to expiry [DS-20, DS-23]', async () => {
    signIn()
    answerStatus('CLOSE_TO_EXPIRE', { dietNumber: 'D-1', isReady: true, remainDays: 2 })
    renderApp('/diets')
    expect(await screen.findByTestId('active-diet-state')).toHaveTextContent('فعال')
    expect(screen.getByText('۲ روز از رژیم شما باقی مانده است')).toBeInTheDocument()
    expect(screen.getByTestId('request-new-diet')).toHaveAttribute('href', '/select-package?source=panel')
  })

  it('shows the msg of an active-diet answer with ok false as the error [ER-60]', async () => {
    signIn()
    server.use(http.get('/app/diets/active', () => HttpResponse.json({ ok: false, msg: 'بسته‌ای پیدا نشد' }) as never))
    renderApp('/diets')
    expect(await screen.findByTestId('active-diet-error')).toHaveTextContent('بسته‌ای پیدا نشد')
  })

  it('says the status could not be read when the call itself fails', async () => {
    signIn()
    server.use(http.get('/app/diets/active', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    renderApp('/diets')
    expect(await screen.findByTestId('active-diet-error')).toHaveTextContent('دریافت وضعیت رژیم ممکن نشد')
  })

  it('invites a customer who never ordered to buy', async () => {
    signIn()
    answerStatus('TRANSACTION_WATING', { orderId: undefined })
    renderApp('/diets')
    expect(await screen.findByTestId('active-diet')).toHaveTextContent('هنوز رژیمی نخریده‌اید')
    expect(screen.queryByTestId('active-diet-state')).not.toBeInTheDocument()
    expect(screen.getByTestId('buy-diet')).toHaveAttribute('href', '/select-package')
  })

  it('says no body figures are recorded before the diet questions, and shows them after [DS-30]', async () => {
    signIn()
    renderApp('/diets')
    expect(await screen.findByTestId('physical-info')).toHaveTextContent('هنوز مشخصات بدنی شما ثبت نشده است')
  })

  it('shows the recorded age, weight and height in Persian digits [DS-30]', async () => {
    signIn()
    server.use(
      http.get('/app/physicalinfo/general', () =>
        HttpResponse.json({ ok: true, msg: { physicalInfo: { gender: 'FEMALE', age: 34, weight: 72.5, stature: 165 } } }) as never,
      ),
    )
    renderApp('/diets')
    const card = await screen.findByTestId('physical-info')
    await within(card).findByTestId('physical-age')
    expect(within(card).getByTestId('physical-age')).toHaveTextContent('۳۴ سال')
    expect(within(card).getByTestId('physical-weight')).toHaveTextContent('۷۲٫۵ کیلوگرم')
    expect(within(card).getByTestId('physical-stature')).toHaveTextContent('۱۶۵ سانتی‌متر')
  })

  it('shows the ideal weight, the BMI class in Persian and the months to the ideal weight', async () => {
    signIn()
    const physicalInfo = { weight: 80, stature: 165, idealWeight: 68, bmiCategory: 'OVERWEIGHT', timeToIdealWeight: 4 }
    server.use(http.get('/app/physicalinfo/general', () => HttpResponse.json({ ok: true, msg: { physicalInfo } }) as never))
    renderApp('/diets')
    const card = await screen.findByTestId('physical-info')
    expect(await within(card).findByTestId('physical-idealWeight')).toHaveTextContent('۶۸ کیلوگرم')
    expect(within(card).getByTestId('physical-bmiCategory')).toHaveTextContent('اضافه وزن')
    expect(within(card).getByTestId('physical-timeToIdealWeight')).toHaveTextContent('حدود ۴ ماه')
  })

  it('says a customer at or under the ideal weight has no weight to lose', async () => {
    signIn()
    const physicalInfo = { weight: 60, stature: 165, idealWeight: 68, bmiCategory: 'NORMAL', timeToIdealWeight: 0 }
    server.use(http.get('/app/physicalinfo/general', () => HttpResponse.json({ ok: true, msg: { physicalInfo } }) as never))
    renderApp('/diets')
    expect(await screen.findByTestId('physical-timeToIdealWeight')).toHaveTextContent('نیازی به کاهش وزن ندارید')
    expect(screen.getByTestId('physical-bmiCategory')).toHaveTextContent('طبیعی')
  })

  it('dates a card receipt awaiting review in the Jalali calendar', async () => {
    signIn()
    // 1404-09-03 in Tehran.
    answerStatus('TRANSACTION_VERIFCATION_WATING', { C2CPaymentStatus: 'PENDING', lastPaymentRequestTime: 1_764_000_000_000 })
    renderApp('/diets')
    expect(await screen.findByTestId('active-diet-cardSent')).toHaveTextContent('۳ آذر ۱۴۰۴')
  })

  it('dates the end of a paid package', async () => {
    signIn()
    answerStatus('ACTIVE', { dietNumber: 'D-1', isReady: true, remainDays: 20, hasPayment: true, expirePackageAt: 1_764_000_000_000 })
    renderApp('/diets')
    expect(await screen.findByTestId('active-diet-packageEnds')).toHaveTextContent('بسته شما در ۳ آذر ۱۴۰۴ به پایان می‌رسد.')
  })

  it('asks a visitor who has not signed in to sign in', async () => {
    renderApp('/diets')
    const prompt = await screen.findByTestId('diets-sign-in')
    expect(within(prompt).getByRole('link', { name: 'ورود' })).toHaveAttribute('href', '/login-with-mobile')
    expect(screen.queryByTestId('active-diet')).not.toBeInTheDocument()
  })

  it('lists only the earlier diets while the package runs [DS-25]', async () => {
    signIn()
    answerStatus('ACTIVE', { dietNumber: 'D-1002', isReady: true, remainDays: 24 })
    renderApp('/diets')
    const list = await screen.findByTestId('all-diets')
    expect(within(list).getByTestId('all-diets-1')).toHaveTextContent('رژیم ۱')
    expect(within(list).getByTestId('all-diets-1')).toHaveTextContent('۳۰ روزه')
    expect(within(list).queryByTestId('all-diets-2')).not.toBeInTheDocument()
  })

  it('lists every diet, the most recent first, once the package expired [DS-24, DS-25]', async () => {
    signIn()
    answerStatus('EXPIRED', { dietNumber: 'D-1002', isReady: true, remainDays: 0 })
    renderApp('/diets')
    const list = await screen.findByTestId('all-diets')
    const items = within(list).getAllByRole('listitem').map((item) => item.dataset.testid)
    expect(items).toEqual(['all-diets-2', 'all-diets-1'])
  })

  it('shows the msg of an all-diets answer with ok false as the error [ER-60]', async () => {
    signIn()
    server.use(http.get('/app/diets/all', () => HttpResponse.json({ ok: false, msg: 'فهرست رژیم‌ها در دسترس نیست' }) as never))
    renderApp('/diets')
    expect(await screen.findByTestId('all-diets-error')).toHaveTextContent('فهرست رژیم‌ها در دسترس نیست')
  })

  it('sends the new start with the diet id and counts the edit in local storage [DS-27]', async () => {
    signIn()
    let sent: URLSearchParams | undefined
    server.use(
      http.post('/app/diets/startdate', async ({ request }) => {
        sent = new URLSearchParams(await request.text())
        return HttpResponse.json({ ok: true, msg: { diet: runningDiet } }) as never
      }),
    )
    renderApp('/diets')
    const editor = await screen.findByTestId('start-date-editor')
    expect(within(editor).getByTestId('start-date-edits')).toHaveTextContent('۰')
    // The running diet started on 30 Aban 1405 (2026-11-21 in Tehran); the customer moves it to 10 Azar.
    expect(within(editor).getByTestId('start-date-day')).toHaveDisplayValue('۳۰')
    expect(within(editor).getByTestId('start-date-month')).toHaveDisplayValue('آبان')
    expect(within(editor).getByTestId('start-date-year')).toHaveDisplayValue('۱۴۰۵')
    fireEvent.change(within(editor).getByTestId('start-date-day'), { target: { value: '10' } })
    fireEvent.change(within(editor).getByTestId('start-date-month'), { target: { value: '9' } })
    fireEvent.click(within(editor).getByTestId('start-date-save'))
    await waitFor(() => expect(within(editor).getByTestId('start-date-edits')).toHaveTextContent('۱'))
    expect(sent?.get('id')).toBe(String(runningDiet.id))
    expect(sent?.get('startDate')).toBe('2026-12-01')
    expect(startDateEdits(runningDiet.id)).toBe(1)
  })

  /** Answers the all-diets list with `diets`; the returned function tells whether it was asked for. */
  function answerAllDiets(diets: (typeof runningDiet)[]) {
    let asked = false
    server.use(
      http.get('/app/diets/all', () => {
        asked = true
        return HttpResponse.json({ ok: true, msg: { allDiets: diets } }) as never
      }),
    )
    return () => asked
  }

  it("resets the device's counter to the moves the server recorded [DS-27]", async () => {
    signIn()
    localStorage.setItem(START_DATE_EDITS_KEY, JSON.stringify({ dietId: runningDiet.id, count: 2 }))
    answerAllDiets([{ ...runningDiet, startDateMoves: 1 }])
    renderApp('/diets')
    const editor = await screen.findByTestId('start-date-editor')
    expect(within(editor).getByTestId('start-date-edits')).toHaveTextContent('تعداد ویرایش تاریخ شروع: ۱')
    expect(startDateEdits(runningDiet.id)).toBe(1)
  })

  it('offers no start-date editor for a diet whose start the server would keep', async () => {
    signIn()
    const asked = answerAllDiets([{ ...runningDiet, startDateMoves: 0, canMoveStartDate: false }])
    renderApp('/diets')
    await screen.findByTestId('active-diet')
    await waitFor(() => expect(asked()).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('start-date-editor')).not.toBeInTheDocument()
  })

  it('locks the editor after the last move the server accepts, keeping what was saved in view', async () => {
    signIn()
    let moves = 2
    server.use(
      http.get('/app/diets/all', () =>
        HttpResponse.json({
          ok: true,
          msg: { allDiets: [{ ...runningDiet, startDateMoves: moves, canMoveStartDate: moves < 3 }] },
        }) as never,
      ),
      http.post('/app/diets/startdate', () => {
        moves += 1
        return HttpResponse.json({ ok: true, msg: { diet: runningDiet } }) as never
      }),
    )
    renderApp('/diets')
    const editor = await screen.findByTestId('start-date-editor')
    fireEvent.click(within(editor).getByTestId('start-date-save'))
    expect(await screen.findByTestId('start-date-locked')).toHaveTextContent('دیگر از اینجا تغییر نمی‌کند')
    expect(screen.getByTestId('start-date-edits')).toHaveTextContent('۳')
    expect(screen.getByTestId('start-date-save')).toBeDisabled()
  })

  it('sends one start and counts one edit for a double tap', async () => {
    signIn()
    let sent = 0
    server.use(
      http.post('/app/diets/startdate', () => {
        sent += 1
        return HttpResponse.json({ ok: true, msg: { diet: runningDiet } }) as never
      }),
    )
    renderApp('/diets')
    const editor = await screen.findByTestId('start-date-editor')
    doubleTap(within(editor).getByTestId('start-date-save'))
    await waitFor(() => expect(within(editor).getByTestId('start-date-edits')).toHaveTextContent('۱'))
    expect(sent).toBe(1)
    expect(startDateEdits(runningDiet.id)).toBe(1)
  })

  it('asks for the whole date before sending a start [DS-27]', async () => {
    signIn()
    let sent = 0
    server.use(
      http.post('/app/diets/startdate', () => {
        sent += 1
        return HttpResponse.json({ ok: true, msg: { diet: runningDiet } }) as never
      }),
    )
    renderApp('/diets')
    const editor = await screen.findByTestId('start-date-editor')
    fireEvent.change(within(editor).getByTestId('start-date-day'), { target: { value: '' } })
    fireEvent.click(within(editor).getByTestId('start-date-save'))
    expect(await within(editor).findByTestId('start-date-error')).toHaveTextContent('روز، ماه و سال شروع را انتخاب کنید.')
    expect(within(editor).getByTestId('start-date-day')).toHaveAttribute('aria-invalid', 'true')
    fireEvent.change(within(editor).getByTestId('start-date-day'), { target: { value: '1' } })
    expect(within(editor).queryByTestId('start-date-error')).not.toBeInTheDocument()
    expect(sent).toBe(0)
  })

  it('shows the mentor add-on the package came with', async () => {
    signIn()
    renderApp('/diets')
    expect(await screen.findByTestId('hami')).toHaveTextContent('همراه شخصی')
  })

  it('shows the msg of a hami answer with ok false as the error [ER-60]', async () => {
    signIn()
    server.use(http.get('/app/hami/summary', () => HttpResponse.json({ ok: false, msg: 'همراه در دسترس نیست' }) as never))
    renderApp('/diets')
    expect(await screen.findByTestId('hami-error')).toHaveTextContent('همراه در دسترس نیست')
  })
})
