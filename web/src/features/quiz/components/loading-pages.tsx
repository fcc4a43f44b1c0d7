import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LoadingScreen } from '@/components/ui/loading-screen'
import { hasAnswerSet } from '../domain/answer-store'
import { ANALYSIS_STEP_MS, ANALYSIS_TOTAL_MS, BETTERME_PHASE_STARTS, BETTERME_TEXTS, bettermePhaseAt } from '../domain/loading'
import { flows } from '../forms'
import type { FlowId } from '../types'
import { localDigits } from './format'
import { NoUserAnswer } from './no-user-answer'
import '../quiz.css'

/** Elapsed time in steps: re-renders at each listed moment (ms since mount). */
function useElapsed(moments: readonly number[]): number {
  const [elapsed, setElapsed] = useState(0)
  useEffect(() => {
    const timers = moments.filter((moment) => moment > 0).map((moment) => window.setTimeout(() => setElapsed(moment), moment))
    return () => timers.forEach((timer) => window.clearTimeout(timer))
  }, [moments])
  return elapsed
}

function useGoWhen(done: boolean, target: string) {
  const navigate = useNavigate()
  useEffect(() => {
    if (done) void navigate(target, { replace: true })
  }, [done, navigate, target])
}

function BettermeLoading() {
  const { t, i18n } = useTranslation()
  const elapsed = useElapsed(BETTERME_PHASE_STARTS)
  const phase = bettermePhaseAt(elapsed)
  useGoWhen(phase.kind === 'done', flows.betterme.resultPath)
  const texts = t('quiz.bettermeLoading.steps', { returnObjects: true }) as unknown as string[]
  const step = phase.kind === 'text' ? phase.index + 1 : BETTERME_TEXTS
  return (
    <section className="quiz-page quiz-loading" data-testid="betterme-loading" data-phase={phase.kind === 'text' ? `text-${phase.index}` : phase.kind}>
      <div className="quiz-loading__dots" aria-hidden="true" />
      <p className="quiz-loading__count">
        {t('quiz.progress', { position: localDigits(step, i18n.language), total: localDigits(BETTERME_TEXTS, i18n.language) })}
      </p>
      <p className="quiz-loading__text" role="status" aria-live="polite" data-testid="betterme-loading-text">
        {phase.kind === 'text' ? texts[phase.index] : phase.kind === 'ready' ? t('quiz.bettermeLoading.ready') : ''}
      </p>
    </section>
  )
}

/** /prepare-betterme-result: the betterme loading page, or NO_USER_ANSWER with a restart [QN-49, QN-50]. */
export function BettermeLoadingPage() {
  const [complete] = useState(() => hasAnswerSet(flows.betterme))
  return complete ? <BettermeLoading /> : <NoUserAnswer flow={flows.betterme} />
}

const ANALYSIS_DONE = [ANALYSIS_TOTAL_MS] as const

function AnalysisLoading({ flowId }: { flowId: FlowId }) {
  const elapsed = useElapsed(ANALYSIS_DONE)
  useGoWhen(elapsed >= ANALYSIS_TOTAL_MS, flows[flowId].resultPath)
  return (
    <section className="quiz-page" data-testid="analysis-loading" data-flow={flowId}>
      <LoadingScreen stepMs={ANALYSIS_STEP_MS} />
    </section>
  )
}

/**
 * /prepare-result, /prepare-nowruz-result, /prepare-psychology-result, /prepare-konkur-result: the seven analysis
 * messages every 1.25 s, then the result [QN-51]; without answers NO_USER_ANSWER [QN-48].
 */
export function PrepareResultPage({ flowId }: { flowId: FlowId }) {
  const [complete] = useState(() => hasAnswerSet(flows[flowId]))
  return complete ? <AnalysisLoading flowId={flowId} /> : <NoUserAnswer flow={flows[flowId]} />
}
