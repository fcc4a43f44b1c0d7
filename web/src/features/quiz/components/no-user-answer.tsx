import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { restartFlow } from '../domain/answer-store'
import type { Flow } from '../types'

/** A result without a complete answer set: NO_USER_ANSWER, with a restart that clears the answers [QN-48, QN-50]. */
export function NoUserAnswer({ flow }: { flow: Flow }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <section className="quiz-page quiz-no-answer" data-testid="no-user-answer" data-error="NO_USER_ANSWER">
      <h1 className="quiz-page__title">{t('quiz.noAnswer.title')}</h1>
      <p>{t('quiz.noAnswer.body')}</p>
      <button type="button" className="quiz-button" data-testid="restart-button" onClick={() => void navigate(restartFlow(flow))}>
        {t('quiz.noAnswer.restart')}
      </button>
    </section>
  )
}
