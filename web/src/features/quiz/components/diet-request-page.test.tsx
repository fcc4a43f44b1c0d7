import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { toPersianDigits } from '@/lib/digits'
import { dietRequestForms } from '../forms/diet-request'
import { createdRecord } from './quiz-test-helpers'

/** A birth date that agrees with the age of section 1 (34) in whatever year the tests run. */
const BIRTH_DATE = `${new Date().getUTCFullYear() - 34}-01-01`
const PERSONAL_INFO = { marital: 'SINGLE', education: 'BACHELOR', blood: 'O+', birthDate: BIRTH_DATE, job: 'معلم', city: 'تبریز' }
/** Sections f1…f9 answered (as in `bff/tests/fixtures/medical-profile.json`): what a tab that filled them in holds. */
const EARLIER_SECTIONS = {
  gender: 'FEMALE',
  age: 34,
  weight: 72,
  stature: 165,
  wrist: 15,
  shoulders: 38,
  chest: 92,
  abdominal: 80,
  hip: 102,
  thigh: 56,
  birthWeight: 3.2,
  birthStature: 50,
  fatherStature: 176,
  motherStature: 160,
  headache: 'NO',
  thyroid: 'HYPO',
  pressure: 'NORMAL',
  anemia: 'NO',
  medication: 'NO',
  discomforts: ['FATIGUE'],
  appetite: 'NORMAL',
  temperament: 'BALANCED',
  sleepHours: '6_8',
  digestion: ['BLOATING'],
  hasBloodTest: 'NO',
  exerciseDays: '2',
  exerciseDuration: '1:00',
  trainingIntensity: '40_60',
  pregnant: 'NO',
  breastFeeding: 'NO',
  periodRegular: 'YES',
  favouriteFoods: 'سبزی پلو',
  dislikedFoods: 'بادمجان',
}
const WHOLE_FORM = { ...EARLIER_SECTIONS, ...PERSONAL_INFO }

/** The BFF's answers record: refuses the first `failures` sends with a server error, then saves; records each send. */
function formAnswers(failures = 0) {
  const sent: { method: string; editToken?: string | null; body: Record<string, unknown> }[] = []
  let left = failures
  server.use(
    http.post('/lemonade/api/formAnswers', async ({ request }) => {
      sent.push({ method: 'POST', body: (await request.json()) as Record<string, unknown> })
      if (left-- > 0) return HttpResponse.json({ err: { code: '500', message: 'خطا', details: { messages: [] } } }, { status: 500 })
      return HttpResponse.json(createdRecord(31))
    }),
    http.patch('/lemonade/api/formAnswers/{id}', async ({ request }) => {
      const editToken = request.headers.get('X-Edit-Token')
      sent.push({ method: 'PATCH', editToken, body: (await request.json()) as Record<string, unknown> })
      return HttpResponse.json({ id: 31 })
    }),
  )
  return sent
}

/** The BFF's profile and diet-request calls: records each body; the request refuses while `refuse` is set. */
function dietRequest(refuse = { value: false }) {
  const calls: { path: string; body: Record<string, unknown> }[] = []
  server.use(
    http.post('/lemonade/api/medical-profiles', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      calls.push({ path: 'profile', body })
      return HttpResponse.json({ id: 7, conversationId: String(body.conversationId) })
    }),
    http.post('/lemonade/api/make-profile-and-request-diet', async ({ request }) => {
      calls.push({ path: 'request', body: (await request.json()) as Record<string, unknown> })
      if (refuse.value) return HttpResponse.json(errorBody('NO_DIET_AWAITING_ANSWERS', 'رژیم پرداخت‌شده‌ای ندارید'), { status: 400 })
      return HttpResponse.json({ dietNumber: 'D-1', status: 'ISSUING' })
    }),
  )
  return calls
}

describe('/form/{formId}', () => {
  it('f1 says how many questions the form has, counted from its sections (CT-08 says about 70; the form has fewer)', async () => {
    signIn()
    renderApp('/form/f1')
    const count = dietRequestForms.reduce((n, form) => n + form.questions.length, 0)
    expect(await screen.findByText(`این پرسشنامه ${toPersianDigits(count)} سوال کوتاه دارد`, { exact: false })).toBeInTheDocument()
    expect(screen.queryByText(/حدود/)).not.toBeInTheDocument()
  })

  it('f10 asks to confirm, sends every answer with step f10 and opens /finish [QN-64]', async () => {
    const sent = formAnswers()
    dietRequest()
    signIn()
    const user = userEvent.setup()
    const { router } = renderApp('/form/f10', { session: { diet_request_answers: JSON.stringify(WHOLE_FORM) } })
    await user.click(await screen.findByRole('button', { name: 'ثبت درخواست رژیم' }))
    expect(await screen.findByRole('dialog', { name: 'تایید اطلاعات وارد شده' })).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.click(screen.getByTestId('diet-request-confirm'))
    await waitFor(() => expect(currentLocation(router)).toBe('/finish'))
    expect(sent[0]?.body).toMatchObject({ formId: 'f10', formType: 'diet-request' })
    const answers = sent[0]?.body.answers as unknown[] | undefined
    expect(answers?.at(-1)).toEqual({ step: 'f10' })
    expect(sessionStorage.getItem('diet_request_edit_token')).toBe('edit-31')
    expect(await screen.findByRole('heading', { level: 1, name: 'درخواست رژیم شما ثبت شد' })).toBeInTheDocument()
  })

  it('a later section PATCHes the record with the edit token its create answered [QN-41]', async () => {
    const sent = formAnswers()
    dietRequest()
    signIn()
    const user = userEvent.setup()
    const session = { diet_request_answers: JSON.stringify(WHOLE_FORM), diet_request_answer_id: '31', diet_request_edit_token: 'edit-31' }
    const { router } = renderApp('/form/f10', { session })
    await user.click(await screen.findByRole('button', { name: 'ثبت درخواست رژیم' }))
    await user.click(await screen.findByTestId('diet-request-confirm'))
    await waitFor(() => expect(currentLocation(router)).toBe('/finish'))
    expect(sent.map(({ method, editToken }) => [method, editToken])).toEqual([['PATCH', 'edit-31']])
  })

  it('after f10 is saved, sends the profile from the stored answers, then requests the diet, then /finish [QN-65]', async () => {
    formAnswers()
    const calls = dietRequest()
    signIn()
    const user = userEvent.setup()
    const { router } = renderApp('/form/f10', { session: { diet_request_answers: JSON.stringify(WHOLE_FORM) } })
    await user.click(await screen.findByRole('button', { name: 'ثبت درخواست رژیم' }))
    await user.click(await screen.findByTestId('diet-request-confirm'))
    await waitFor(() => expect(currentLocation(router)).toBe('/finish'))
    expect(calls.map((call) => call.path)).toEqual(['profile', 'request'])
    const conversationId = calls[0]?.body.conversationId
    expect(conversationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(calls[0]?.body).toMatchObject({
      conversationId,
      general: { gender: 'FEMALE', age: 34, ...PERSONAL_INFO },
      body: { weight: 72, stature: 165 },
      special: { thyroid: 'HYPO', discomforts: ['FATIGUE'] },
      countryCode: 'TR',
      state: 2170,
      city: 107851,
      botCheckToken: '',
    })
    expect(calls[1]?.body).toEqual({ conversationId, botCheckToken: '' })
  })

  it('a refused diet request shows the error popup with the message and keeps the answers; retry reaches /finish [ER-61]', async () => {
    formAnswers()
    const refuse = { value: true }
    const calls = dietRequest(refuse)
    signIn()
    const user = userEvent.setup()
    const { router } = renderApp('/form/f10', { session: { diet_request_answers: JSON.stringify(WHOLE_FORM) } })
    await user.click(await screen.findByRole('button', { name: 'ثبت درخواست رژیم' }))
    await user.click(await screen.findByTestId('diet-request-confirm'))
    expect(await screen.findByTestId('diet-request-error')).toHaveTextContent('رژیم پرداخت‌شده‌ای ندارید')
    expect(currentLocation(router)).toBe('/form/f10')
    expect(JSON.parse(window.sessionStorage.getItem('diet_request_answers') ?? '{}')).toMatchObject(PERSONAL_INFO)
    refuse.value = false
    await user.click(screen.getByTestId('diet-request-retry'))
    await waitFor(() => expect(currentLocation(router)).toBe('/finish'))
    expect(calls.filter((call) => call.path === 'request').map((call) => call.body.conversationId)).toEqual([
      calls[0]?.body.conversationId,
      calls[0]?.body.conversationId,
    ])
  })

  it('a send that fails 3 times shows the error popup; retry sends again [ER-61]', async () => {
    const sent = formAnswers(3)
    dietRequest()
    signIn()
    const user = userEvent.setup()
    const { router } = renderApp('/form/f10', { session: { diet_request_answers: JSON.stringify(WHOLE_FORM) } })
    await user.click(await screen.findByRole('button', { name: 'ثبت درخواست رژیم' }))
    await user.click(await screen.findByTestId('diet-request-confirm'))
    expect(await screen.findByTestId('diet-request-error')).toHaveTextContent('پاسخ‌های قبلی شما ذخیره شده است')
    expect(sent).toHaveLength(3)
    expect(currentLocation(router)).toBe('/form/f10')
    await user.click(screen.getByTestId('diet-request-retry'))
    await waitFor(() => expect(currentLocation(router)).toBe('/finish'))
  })

  it('a tab without the earlier sections\' answers saves f10, then opens the first incomplete section and sends no profile', async () => {
    const sent = formAnswers()
    const calls = dietRequest()
    signIn()
    const user = userEvent.setup()
    const answers = { ...EARLIER_SECTIONS, hasBloodTest: 'YES', ...PERSONAL_INFO }
    const { router } = renderApp('/form/f10', { session: { diet_request_answers: JSON.stringify(answers) } })
    await user.click(await screen.findByRole('button', { name: 'ثبت درخواست رژیم' }))
    await user.click(await screen.findByTestId('diet-request-confirm'))
    await waitFor(() => expect(currentLocation(router)).toBe('/form/f6'))
    expect(await screen.findByTestId('diet-request-missing')).toHaveTextContent('پاسخ‌های این بخش در این صفحه ذخیره نشده است')
    expect(sent.map((send) => send.body.formId)).toEqual(['f10'])
    expect(calls).toEqual([])
    expect(JSON.parse(window.sessionStorage.getItem('diet_request_answers') ?? '{}')).toMatchObject(PERSONAL_INFO)
  })

  it('a section of several questions says how many still want an answer, since its button is disabled until then', async () => {
    renderApp('/form/f10', { session: { diet_request_answers: JSON.stringify({ marital: 'SINGLE', job: 'معلم' }) } })
    expect(await screen.findByTestId('quiz-left')).toHaveTextContent('برای ادامه، به ۴ پرسش دیگر پاسخ دهید.')
    expect(screen.getByRole('button', { name: 'ثبت درخواست رژیم' })).toBeDisabled()
  })

  it('keeps what was typed on a section not sent yet through a reload, and sends none of it', async () => {
    const sent = formAnswers()
    const user = userEvent.setup()
    const first = renderApp('/form/f1')
    await screen.findByTestId('diet-request')
    await user.type(document.getElementById('weight-input') as HTMLInputElement, '72')
    first.unmount()
    renderApp('/form/f1')
    await screen.findByTestId('diet-request')
    expect(document.getElementById('weight-input')).toHaveValue('72')
    expect(sent).toEqual([])
  })

  it('an unknown section opens f1, which has no back button', async () => {
    const { router } = renderApp('/form/f99')
    await waitFor(() => expect(currentLocation(router)).toBe('/form/f1'))
    expect(await screen.findByTestId('diet-request')).toHaveAttribute('data-step', 'f1')
    expect(screen.queryByTestId('quiz-back')).not.toBeInTheDocument()
  })
})
