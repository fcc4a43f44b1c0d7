import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { href } from '@/config/paths'
import { sendAnalyticsEvent } from '@/lib/analytics'
import { sendStepAnswers } from '../api/send-answers'
import { answerValues, markStepCompleted, mergeAnswers, readCompletedSteps, resetAnswerSet } from '../domain/answer-store'
import { activePath, findStep, FORWARD_DELAY_MS, pathAfter, previousStep, stepPosition } from '../domain/navigation'
import { formLanguage, type Language } from '../domain/validation'
import { flows } from '../forms'
import { usePendingAnswersResend } from '../hooks/use-send-status'
import type { AnswerValue, Flow, FlowId, Form } from '../types'
import { localDigits } from './format'
import { ProgressBar } from './progress-bar'
import { initialValues } from './initial-values'
import { QuestionForm } from './question-form'
import { SendStatusNotice } from './send-status-notice'
import '../quiz.css'

/** How long each test takes, as its first step tells the visitor: about a minute, psychology about five [CT-08]. */
const TEST_MINUTES: Record<FlowId, number> = {
  'good-looking': 1,
  betterme: 1,
  nowruz: 1,
  psychology: 5,
  konkur: 1,
}

/**
 * The partner-flow landing linked from the betterme gender step [QN-09]: the spec gives no host, so it is the shop's
 * own partner-bundle page, opened beside the test, whose back button returns to the test's first step [RG-38].
 */
const PARTNER_FLOW_URL = href(`/partner-bundle-landing?next=${encodeURIComponent('/betterme/1')}`)

function QuizStep({ flow, form }: { flow: Flow; form: Form }) {
  const { t, i18n } = useTranslation()
  const language: Language = formLanguage(i18n.language)
  const navigate = useNavigate()
  const [stored] = useState(() => answerValues())
  const [leaving, setLeaving] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  usePendingAnswersResend()
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const back = previousStep(flow, form.id, stored)
  const path = activePath(flow, stored)
  const completed = readCompletedSteps(flow.id).filter((id) => path.includes(id)).length
  const { position, total } = stepPosition(flow, form.id, stored)

  /** Spec 3 §4 "Questionnaire submit": merge, scroll up, send and save, count the step, move on 500 ms later. */
  const onSubmit = (values: Record<string, AnswerValue>) => {
    if (leaving) return
    setLeaving(true)
    if (flow.genderResetsAnswers && form.questions.some((question) => question.id === flow.genderQuestion)) resetAnswerSet()
    const answers = mergeAnswers(form, values, flow.steps)
    document.scrollingElement?.scrollTo?.({ top: 0 })
    void sendStepAnswers(flow, form.id, answers)
    markStepCompleted(flow.id, form.id)
    void sendAnalyticsEvent({ action: 'quiz_step', category: 'quiz', label: `${flow.formType}/${form.id}` })
    const target = pathAfter(flow, form.id, answerValues(answers))
    timer.current = window.setTimeout(() => void navigate(target), FORWARD_DELAY_MS)
  }

  return (
    <section className="quiz-page" data-testid="quiz-step" data-flow={flow.id} data-step={form.id}>
      <div className="quiz-page__top">
        {back !== undefined ? (
          <button type="button" className="quiz-back" data-testid="quiz-back" onClick={() => void navigate(flow.stepPath(back))}>
            {t('quiz.back')}
          </button>
        ) : null}
        <ProgressBar value={completed} total={total} position={position} />
      </div>
      {form.id === flow.firstStep ? (
        <p className="quiz-page__note" data-testid="test-duration">
          {t('quiz.duration', { minutes: localDigits(TEST_MINUTES[flow.id], i18n.language) })}
        </p>
      ) : null}
      <QuestionForm
        form={form}
        context={stored}
        initialValues={initialValues(form, stored)}
        language={language}
        submitLabel={t('quiz.next')}
        locked={leaving}
        onSubmit={onSubmit}
      />
      {flow.id === 'betterme' && form.id === flow.firstStep ? (
        <a className="quiz-partner-link" href={PARTNER_FLOW_URL} target="_blank" rel="noreferrer" data-testid="partner-flow-link">
          {t('quiz.partnerLink')}
        </a>
      ) : null}
      <SendStatusNotice />
    </section>
  )
}

/** A questionnaire step route: /betterme/{step}, /nowruz/{step}, /psychology/{step}, /konkur/{step}. */
export function QuizStepPage({ flowId }: { flowId: FlowId }) {
  const { id = '' } = useParams()
  const flow = flows[flowId]
  const form = findStep(flow, id)
  // The route loader sends unknown steps to step 1, so a missing form is only a transient state.
  return form === undefined ? null : <QuizStep key={form.id} flow={flow} form={form} />
}

/** `/:landing`: a good-looking step on /bm_f1 … /bm_f17; the loader sends any other old landing id to step 1 [QN-13, RG-30]. */
export function GoodLookingLandingPage() {
  const { landing = '' } = useParams()
  const flow = flows['good-looking']
  const form = findStep(flow, landing)
  return form === undefined ? null : <QuizStep key={form.id} flow={flow} form={form} />
}
