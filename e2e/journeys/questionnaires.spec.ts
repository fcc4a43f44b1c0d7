import { execFileSync } from 'node:child_process'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { authPopup, signInWithSms } from '../support/sign-in'

/** A valid typed answer per number question (weights in kg); any other number question gets 5. */
const NUMBERS: Record<string, string> = { bm2_12: '82', bm2_13: '70', psy_21: '3', bm_f15: '82', bm_f16: '70', nrz_10: '75' }

/**
 * Drags the ruler from a quarter to three quarters of its width, as a finger would, and checks it is answered only
 * then, with its thumb under the finger.
 */
async function dragRuler(page: Page, ruler: Locator): Promise<void> {
  const thumb = ruler.getByTestId('ruler-thumb')
  // Unanswered: no thumb, no value, nothing that looks like an answer.
  await expect(thumb).toHaveCount(0)
  await expect(ruler).not.toHaveAttribute('aria-valuenow')
  await expect(page.getByTestId('quiz-submit')).toBeDisabled()
  const box = await ruler.boundingBox()
  if (box === null) throw new Error('the ruler has no box')
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width * 0.25, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.75, y, { steps: 5 })
  await page.mouse.up()
  await expect(ruler).toHaveAttribute('aria-valuenow', /^\d+(\.\d)?$/)
  const knob = await thumb.boundingBox()
  if (knob === null) throw new Error('the ruler has no thumb')
  expect(Math.abs(knob.x + knob.width / 2 - (box.x + box.width * 0.75))).toBeLessThan(3)
}

/**
 * Answers every question of the open step as a visitor would (the first option, a valid number) and submits when the
 * step has a button; choice steps submit on the answer itself [QN-35].
 */
async function answerStep(page: Page): Promise<void> {
  const form = page.getByTestId('quiz-form')
  // One look at the step for every question's widget, then one action each: the journey stays quick. Whether the step
  // has a submit button is read in the same look: a choice step submits on the answer, and on a quick machine the
  // next step (whose button waits for its own answers) is on screen before a later look.
  const { widgets, hasSubmit } = await form.evaluate((element) => ({
    hasSubmit: element.querySelector('[data-testid="quiz-submit"]') !== null,
    widgets: Array.from(element.querySelectorAll<HTMLElement>('[data-testid="quiz-question"]'), (question) => {
      const has = (selector: string) => question.querySelector(selector) !== null
      const kind = has('[data-testid="quiz-number"]')
        ? 'number'
        : has('[role="checkbox"]')
          ? 'checkbox'
          : has('[data-testid="quiz-select"]')
            ? 'select'
            : has('[data-testid="quiz-round-slider"]')
              ? 'slider'
              : has('[data-testid="quiz-ruler"]')
                ? 'ruler'
                : has('[data-testid="quiz-textbox"]')
                  ? 'text'
                  : 'option'
      return { id: question.dataset.questionId ?? '', kind }
    }),
  }))
  for (const { id, kind } of widgets) {
    const question = form.locator(`[data-question-id="${id}"]`)
    if (kind === 'number') await question.getByTestId('quiz-number').fill(NUMBERS[id] ?? '5')
    else if (kind === 'checkbox') await question.getByRole('checkbox').first().click()
    else if (kind === 'select') await question.getByTestId('quiz-select').selectOption({ index: 1 })
    else if (kind === 'slider') await question.getByTestId('quiz-round-slider').press('ArrowUp')
    else if (kind === 'ruler') await dragRuler(page, question.getByTestId('quiz-ruler'))
    else if (kind === 'text') await question.getByTestId('quiz-textbox').fill('غذای شب')
    else await question.getByTestId('quiz-option').first().click()
  }
  if (hasSubmit) await form.getByTestId('quiz-submit').click()
}

/** Answers step after step from `start` until the flow opens `preparePath`; returns the steps shown, in order. */
async function completeFlow(page: Page, start: string, preparePath: string): Promise<string[]> {
  await page.goto(`/#${start}`)
  const visited: string[] = []
  const step = page.getByTestId('quiz-step')
  const shown = step.or(page.getByTestId('betterme-loading')).or(page.getByTestId('analysis-loading'))
  for (;;) {
    await expect(shown).toBeVisible()
    if (page.url().endsWith(`#${preparePath}`)) return visited
    const stepId = (await step.getAttribute('data-step')) ?? ''
    expect(visited, `step ${stepId} shown twice`).not.toContain(stepId)
    visited.push(stepId)
    const address = page.url()
    await answerStep(page)
    // The next step opens 500 ms after the submit [QN-01]; the address changes first, then the step on screen (on a
    // busy machine a moment later: answering before it would answer the old step's questions).
    await expect(page).not.toHaveURL(address)
    await expect(shown).not.toHaveAttribute('data-step', stepId)
  }
}

/** The analysis loading page runs on a fixed timer (8.75 s): jump over it, then the flow's result page shows `resultTestId`. */
async function expectResultAfterLoading(page: Page, resultPath: string, resultTestId: string): Promise<void> {
  await expect(page.getByTestId('analysis-loading')).toBeVisible()
  await page.clock.fastForward(9_000)
  await expect(page).toHaveURL(new RegExp(`#${resultPath}$`))
  await expect(page.getByTestId(resultTestId)).toBeVisible()
}

/** The mobile number (+98…) of the customer each of the test database's records of `formType` is linked to ('' if anonymous). */
function linkedMobiles(databaseFile: string, formType: string): string[] {
  const out = execFileSync('sqlite3', [
    databaseFile,
    `SELECT COALESCE(c.mobile, '') FROM form_answer f LEFT JOIN customer c ON c.customer_id = f.customer_id WHERE f.form_type = '${formType}'`,
  ])
  return out.toString('utf8').split('\n').filter((line, index, lines) => index < lines.length - 1 || line !== '')
}

test.describe('questionnaires on a 390 px phone', () => {
  test.beforeEach(async ({ page }) => {
    // The loading pages run on fixed timers (10.75 s and 8.75 s); the journeys jump over them instead of waiting.
    await page.clock.install()
  })

  test('an anonymous visitor completes betterme, sees the loading page and the result, signs in and the answers are linked', async ({
    page,
    simulators,
    bff,
  }) => {
    const steps = await completeFlow(page, '/betterme/1', '/prepare-betterme-result')
    // The next-step map skips 4, 5 and 8 [QN-03…QN-06].
    expect(steps).toEqual(['1', '2', '3', '6', '7', '9', '10', '11', '12', '13', '14'])
    expect(linkedMobiles(bff.databaseFile, 'betterme2')).toEqual([''])

    const loading = page.getByTestId('betterme-loading')
    await expect(loading).toHaveAttribute('data-phase', /^text-/)
    await expect(page.getByTestId('betterme-loading-text')).not.toBeEmpty()
    await page.clock.fastForward(11_000)

    await expect(page).toHaveURL(/#\/betterme-result$/)
    // 82 to 70 kg: 12 kg at 10 days each [RS-11].
    await expect(page.getByTestId('suitable-diet')).toBeVisible()
    await expect(page.getByTestId('goal-weight-duration')).toHaveAttribute('data-days', '120')
    await expect(page.getByTestId('goal-weight-chart')).toBeVisible()
    await expect(page.getByTestId('medical-team')).toBeVisible()

    // Anonymous: the meal-plan button opens the sign-in popup; after sign-in the answers go with the account [RS-20].
    await page.getByTestId('meal-plan-button').click()
    await expect(authPopup(page)).toBeVisible()
    await signInWithSms(page, simulators, '09121112233', 'REGISTER_MOBILE')
    await expect(authPopup(page)).toBeHidden()
    await expect.poll(() => linkedMobiles(bff.databaseFile, 'betterme2')).toEqual(['+989121112233'])
  })

  test('a konkur run reaches its result', async ({ page }) => {
    const steps = await completeFlow(page, '/konkur/kn_1', '/prepare-konkur-result')
    // 18 active steps: kn_5 is never shown [QN-20].
    expect(steps).toHaveLength(18)
    expect(steps).not.toContain('kn_5')
    await expectResultAfterLoading(page, '/konkur-result', 'konkur-meals')
  })

  test('a psychology run reaches its result', async ({ page }) => {
    test.setTimeout(45_000)
    const steps = await completeFlow(page, '/psychology/1', '/prepare-psychology-result')
    expect(steps).toEqual(Array.from({ length: 22 }, (_, index) => String(index + 1)))
    await expectResultAfterLoading(page, '/psychology-result', 'psychology-areas')
  })

  test('a good-looking run reaches its result', async ({ page }) => {
    const steps = await completeFlow(page, '/bm_f1', '/prepare-result')
    // Of the 17 steps a woman is asked her working time on bm_f7 and never sees the men's bm_f8 [QN-15].
    expect(steps).toEqual(Array.from({ length: 17 }, (_, index) => `bm_f${index + 1}`).filter((id) => id !== 'bm_f8'))
    await expectResultAfterLoading(page, '/result', 'good-looking-result')
    // The body shape and BMI come from the BFF's perfect-body answer [RS-24], the BMI's decimal written the Persian
    // way (۲۲٫۲, not ۲۲.۲).
    await expect(page.getByTestId('bmi-warning')).toBeVisible()
    await expect(page.getByTestId('bmi-warning')).toContainText(/[۰-۹]+٫[۰-۹]/)
  })

  test('a nowruz run reaches its result', async ({ page }) => {
    const steps = await completeFlow(page, '/nowruz/1', '/prepare-nowruz-result')
    expect(steps).toEqual(Array.from({ length: 11 }, (_, index) => String(index + 1)))
    await expectResultAfterLoading(page, '/nowruz-result', 'nowruz-result')
    await expect(page.getByTestId('holiday-plan')).toBeVisible()
  })
})
