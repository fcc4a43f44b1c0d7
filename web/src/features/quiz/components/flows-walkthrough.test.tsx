import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentLocation, renderApp } from '@/testing/render-app'
import { hasAnswerSet } from '../domain/answer-store'
import { flows } from '../forms'
import type { FlowId } from '../types'
import { recordFormAnswers } from './quiz-test-helpers'

afterEach(() => {
  vi.useRealTimers()
})

/** A valid typed answer per number question. */
const NUMBERS: Record<string, string> = { bm2_12: '82', bm2_13: '70', nrz_10: '66', psy_21: '3', bm_f15: '72', bm_f16: '61' }

async function answerStep(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByTestId('quiz-form')
  for (const question of within(form).getAllByTestId('quiz-question')) {
    const id = question.dataset.questionId ?? ''
    const inside = within(question)
    const radios = inside.queryAllByRole('radio')
    const checkboxes = inside.queryAllByRole('checkbox')
    const select = inside.queryByTestId('quiz-select')
    const number = inside.queryByTestId('quiz-number')
    const slider = inside.queryByTestId('quiz-round-slider')
    const ruler = inside.queryByTestId('quiz-ruler')
    if (radios[0]) await user.click(radios[0])
    else if (checkboxes[0]) await user.click(checkboxes[0])
    else if (select) await user.selectOptions(select, within(select).getAllByRole('option')[1] as HTMLOptionElement)
    else if (number) await user.type(number, NUMBERS[id] ?? '5')
    else if (slider) {
      slider.focus()
      await user.keyboard('{ArrowUp}')
    } else if (ruler) await user.click(inside.getByRole('button', { name: 'افزایش' }))
    else if (inside.queryByTestId('quiz-textbox')) await user.type(inside.getByTestId('quiz-textbox'), 'غذای شب')
    else {
      const tag = inside.getAllByTestId('quiz-option')[1]
      if (tag) await user.click(tag)
    }
  }
  const submit = screen.queryByTestId('quiz-submit')
  if (submit) await user.click(submit)
}

const START: Record<FlowId, string> = {
  betterme: '/betterme/1',
  nowruz: '/nowruz/1',
  psychology: '/psychology/1',
  konkur: '/konkur/kn_1',
  'good-looking': '/bm_f1',
}

describe('every flow can be completed', () => {
  it.each(Object.keys(START) as FlowId[])('%s: step by step to its prepare page, every answer sent', async (flowId) => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const sent = recordFormAnswers()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const flow = flows[flowId]
    const { router } = renderApp(START[flowId])
    const visited: string[] = []
    while (currentLocation(router) !== flow.preparePath) {
      const step = await screen.findByTestId('quiz-step')
      const stepId = step.dataset.step ?? ''
      expect(visited).not.toContain(stepId)
      visited.push(stepId)
      await answerStep(user)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500)
      })
      // Each try moves the fake clock on too: a step's own delay passes however slowly the machine runs.
      await waitFor(async () => {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(250)
        })
        expect(currentLocation(router)).not.toBe(flow.stepPath(stepId))
      })
    }
    expect(visited).toHaveLength({ betterme: 11, nowruz: 11, psychology: 22, konkur: 18, 'good-looking': 16 }[flowId])
    expect(hasAnswerSet(flow)).toBe(true)
    await waitFor(() => expect(sent).toHaveLength(visited.length))
    expect(sent[0]?.method).toBe('POST')
    expect(sent.slice(1).every((send) => send.method === 'PATCH')).toBe(true)
    const last = sent.at(-1)?.body.answers as Record<string, unknown>[]
    expect(last.at(-1)).toEqual({ step: visited.at(-1) })
  }, 30_000)
})
