import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { createdRecord } from './quiz-test-helpers'

afterEach(() => {
  vi.useRealTimers()
})

/** Answers the BFF's saved record, or its refusal with `messages`; records each body. */
function formAnswers(messages: string[] = []) {
  const sent: unknown[] = []
  server.use(
    http.post('/lemonade/api/formAnswers', async ({ request }) => {
      sent.push(await request.json())
      if (messages.length > 0) {
        return HttpResponse.json({ err: { code: 'INVALID_ANSWERS', message: messages[0] ?? '', details: { messages } } }, { status: 400 })
      }
      return HttpResponse.json(createdRecord(7))
    }),
  )
  return sent
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, mobile: string) {
  const question = (id: string) => within(screen.getByTestId('extend-diet')).getAllByTestId('quiz-question').find((q) => q.dataset.questionId === id)
  await user.click(within(question('size') as HTMLElement).getByRole('radio', { name: 'سایزم کم شد' }))
  await user.click(within(question('weight') as HTMLElement).getByRole('radio', { name: 'وزنم تغییری نکرد' }))
  await user.type(screen.getByTestId('quiz-mobile'), mobile)
  await user.click(screen.getByTestId('quiz-submit'))
}

describe('/extend-diet', () => {
  it('sends the map of values with step 100 and the mobile with its leading 0, then opens the confirmation on /result 2 s later [QN-55…QN-57]', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const sent = formAnswers()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { router } = renderApp('/extend-diet')
    await screen.findByTestId('extend-diet')
    await fillForm(user, '9121234567')
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      answers: { size: { value: 'size_loss' }, weight: { value: 'weight_not_changed' }, mobile: { value: '09121234567' }, step: { value: '100' } },
      formId: 'f1',
      formType: 'extend-diet',
      userId: '09121234567',
      botCheckToken: '',
    })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1900)
    })
    expect(currentLocation(router)).toBe('/extend-diet')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100)
    })
    await waitFor(() => expect(currentLocation(router)).toBe('/result'))
    expect(await screen.findByRole('heading', { level: 1, name: 'درخواست تمدید رژیم شما ثبت شد' })).toBeInTheDocument()
  })

  it('a refused submit shows the messages and stays [ER-62]', async () => {
    formAnswers(['mobile: شماره وارد شده صحیح نیست'])
    const user = userEvent.setup()
    const { router } = renderApp('/extend-diet')
    await screen.findByTestId('extend-diet')
    await fillForm(user, '09121234567')
    expect(await screen.findByTestId('extend-diet-error')).toHaveTextContent('شماره وارد شده صحیح نیست')
    expect(currentLocation(router)).toBe('/extend-diet')
  })
})
