import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { submitExtendDiet } from '../api/extend-diet'
import { extendDietSent, markExtendDietSent } from '../domain/answer-store'
import { formLanguage } from '../domain/validation'
import { extendDietForm } from '../forms/extend-diet'
import type { AnswerValue } from '../types'
import { QuestionForm } from './question-form'
import { GoodLookingResultPage } from './results/good-looking-result-page'
import { ResultLayout } from './results/result-layout'
import '../quiz.css'

/** Pause between a saved extend-diet submit and /result (spec 3 §9) [QN-57]. */
export const EXTEND_REDIRECT_MS = 2000

const EMPTY: Record<string, AnswerValue> = { size: null, weight: null, mobile: null }

/**
 * /extend-diet: the one-screen extend-diet form `f1` (size and weight toggles, mobile) [QN-52…QN-55]. A saved submit
 * opens /result 2000 ms later [QN-56, QN-57]; a refused one shows the BFF's messages and stays [ER-62].
 */
export function ExtendDietPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'refused'; messages: string[] }>({ kind: 'idle' })
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const onSubmit = (values: Record<string, AnswerValue>) => {
    setState({ kind: 'sending' })
    void submitExtendDiet(values).then((messages) => {
      if (messages !== null) {
        setState({ kind: 'refused', messages })
        return
      }
      markExtendDietSent()
      setState({ kind: 'sent' })
      timer.current = window.setTimeout(() => void navigate('/result'), EXTEND_REDIRECT_MS)
    })
  }

  return (
    <section className="quiz-page" data-testid="extend-diet" data-state={state.kind}>
      <QuestionForm
        form={extendDietForm}
        context={{}}
        initialValues={EMPTY}
        language={formLanguage(i18n.language)}
        submitLabel={t('quiz.extendDiet.submit')}
        locked={state.kind === 'sending' || state.kind === 'sent'}
        onSubmit={onSubmit}
      />
      {state.kind === 'sent' ? <p role="status">{t('quiz.extendDiet.sent')}</p> : null}
      {state.kind === 'refused' ? (
        <div role="alert" className="quiz-error" data-testid="extend-diet-error">
          {state.messages.length > 0 ? state.messages.map((message) => <p key={message}>{message}</p>) : t('quiz.extendDiet.failed')}
        </div>
      ) : null}
    </section>
  )
}

/** /result: the extend-diet confirmation after that form, else the good-looking result (DECISIONS). */
export function ResultPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [extended] = useState(extendDietSent)
  if (!extended) return <GoodLookingResultPage />
  return (
    <ResultLayout
      testId="extend-diet-result"
      title={t('quiz.extendDiet.resultTitle')}
      subtitle={t('quiz.extendDiet.resultBody')}
      actionLabel={t('quiz.extendDiet.toPanel')}
      onAction={() => void navigate('/diets')}
    >
      {null}
    </ResultLayout>
  )
}
