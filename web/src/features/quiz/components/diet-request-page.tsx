import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useNavigate, useParams } from 'react-router'
import { BottomSheet } from '@/components/ui/bottom-sheet'
import {
  incompleteSection,
  readDietRequestAnswers,
  readDietRequestDraft,
  requestDiet,
  sendDietRequestSection,
  storeDietRequestAnswers,
  storeDietRequestDraft,
} from '../api/diet-request'
import { formLanguage, type Language } from '../domain/validation'
import { dietRequestForms } from '../forms'
import type { AnswerValue, Form } from '../types'
import { initialValues } from './initial-values'
import { localDigits } from './format'
import { QuestionForm } from './question-form'
import '../quiz.css'

type Values = Record<string, AnswerValue>
type Sending = { kind: 'idle' } | { kind: 'confirm' } | { kind: 'sending' } | { kind: 'failed'; messages: string[] }

const LAST_SECTION = dietRequestForms.at(-1)?.id ?? 'f10'
const dietRequestPath = (formId: string) => `/form/${formId}`
const FINISH_PATH = '/finish'
/** How many questions the first section says the questionnaire has: all of its sections' questions, counted (CT-08's "about 70" is not what the form asks). */
const DIET_REQUEST_QUESTIONS = dietRequestForms.reduce((count, form) => count + form.questions.length, 0)

function DietRequestSection({ form, index }: { form: Form; index: number }) {
  const { t, i18n } = useTranslation()
  const language: Language = formLanguage(i18n.language)
  const navigate = useNavigate()
  const location = useLocation()
  const missingAnswers = (location.state as { missingAnswers?: boolean } | null)?.missingAnswers === true
  // The answers sent, with what was typed since over them: a reload mid-section keeps the typing.
  const [stored] = useState(() => ({ ...readDietRequestAnswers(), ...readDietRequestDraft() }))
  const [sending, setSending] = useState<Sending>({ kind: 'idle' })
  const previous = dietRequestForms[index - 1]
  const next = dietRequestForms[index + 1]

  /**
   * Saves the section; after the last one sends the profile and requests the diet, unless an earlier section's
   * answers are missing: then that section is where to go.
   */
  const save = async (): Promise<string[] | null | { missing: Form }> => {
    const unsaved = await sendDietRequestSection(dietRequestForms, form.id)
    if (unsaved !== null || next !== undefined) return unsaved
    const missing = incompleteSection(dietRequestForms)
    if (missing !== undefined) return { missing }
    return requestDiet(dietRequestForms)
  }

  const send = () => {
    setSending({ kind: 'sending' })
    void save().then((result) => {
      if (Array.isArray(result)) {
        setSending({ kind: 'failed', messages: result })
        return
      }
      setSending({ kind: 'idle' })
      if (result !== null) void navigate(dietRequestPath(result.missing.id), { state: { missingAnswers: true } })
      else void navigate(next === undefined ? FINISH_PATH : dietRequestPath(next.id))
    })
  }

  /** Each section is saved as it is left; the last one asks to confirm first [QN-64]. */
  const onSubmit = (values: Values) => {
    storeDietRequestAnswers(values)
    if (form.id === LAST_SECTION) setSending({ kind: 'confirm' })
    else send()
  }

  return (
    <section className="quiz-page" data-testid="diet-request" data-step={form.id} data-state={sending.kind}>
      <div className="quiz-page__top">
        {previous !== undefined ? (
          <button type="button" className="quiz-back" data-testid="quiz-back" onClick={() => void navigate(dietRequestPath(previous.id))}>
            {t('quiz.back')}
          </button>
        ) : null}
        <p className="quiz-progress__text">
          {t('quiz.dietRequest.section', {
            position: localDigits(index + 1, i18n.language),
            total: localDigits(dietRequestForms.length, i18n.language),
          })}
        </p>
      </div>
      {missingAnswers ? (
        <p className="quiz-notice quiz-notice--error" role="alert" data-testid="diet-request-missing">
          {t('quiz.dietRequest.missingAnswers')}
        </p>
      ) : null}
      {index === 0 ? (
        <p className="quiz-page__note" data-testid="diet-request-about">
          {t('quiz.dietRequest.about', { count: localDigits(DIET_REQUEST_QUESTIONS, i18n.language) })}
        </p>
      ) : null}
      <QuestionForm
        form={form}
        context={stored}
        initialValues={initialValues(form, stored)}
        language={language}
        submitLabel={t(form.id === LAST_SECTION ? 'quiz.dietRequest.submit' : 'quiz.next')}
        locked={sending.kind === 'sending'}
        onSubmit={onSubmit}
        onDraft={storeDietRequestDraft}
      />
      <BottomSheet
        open={sending.kind === 'confirm'}
        title={t('quiz.dietRequest.confirmTitle')}
        closeLabel={t('quiz.dietRequest.edit')}
        onClose={() => setSending({ kind: 'idle' })}
      >
        <p data-testid="diet-request-declaration">{t('quiz.dietRequest.declaration')}</p>
        <div className="quiz-actions">
          <button type="button" className="quiz-button" data-testid="diet-request-confirm" onClick={send}>
            {t('quiz.dietRequest.confirm')}
          </button>
        </div>
      </BottomSheet>
      <BottomSheet
        open={sending.kind === 'failed'}
        title={t('quiz.dietRequest.errorTitle')}
        closeLabel={t('quiz.dietRequest.close')}
        onClose={() => setSending({ kind: 'idle' })}
      >
        <div role="alert" data-testid="diet-request-error">
          <p>{t('quiz.dietRequest.errorBody')}</p>
          {sending.kind === 'failed' ? sending.messages.map((message) => <p key={message}>{message}</p>) : null}
        </div>
        <div className="quiz-actions">
          <button type="button" className="quiz-button" data-testid="diet-request-retry" onClick={send}>
            {t('quiz.dietRequest.retry')}
          </button>
        </div>
      </BottomSheet>
    </section>
  )
}

/**
 * /form/{formId}: a section f1…f10 of the detailed diet-request form [QN-58…QN-64]; each section is sent before the
 * next opens, the last after the confirmation popup, followed by the medical profile and the diet request, then
 * /finish; a failed send or request shows the error popup with a retry, the answers kept [ER-61]. An unknown section
 * opens f1.
 */
export function DietRequestPage() {
  const { formId = '' } = useParams()
  const index = dietRequestForms.findIndex((form) => form.id === formId)
  const form = dietRequestForms[index]
  if (form === undefined) return <Navigate to={dietRequestPath(dietRequestForms[0]?.id ?? 'f1')} replace />
  return <DietRequestSection key={form.id} form={form} index={index} />
}

/** /finish: the diet request is in; the specialists take it from here. */
export function FinishPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <section className="quiz-page quiz-result" data-testid="diet-request-finish">
      <h1 className="quiz-page__title">{t('quiz.dietRequest.finishTitle')}</h1>
      <p className="quiz-result__subtitle">{t('quiz.dietRequest.finishBody')}</p>
      <div className="quiz-actions">
        <button type="button" className="quiz-button" onClick={() => void navigate('/diets')}>
          {t('quiz.extendDiet.toPanel')}
        </button>
      </div>
    </section>
  )
}
