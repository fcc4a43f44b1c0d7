import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useActiveDiet } from '../api/active-diet'
import { displayState, questionsPath } from '../domain/display-state'

/**
 * The step after a purchase when the customer's package waits for the diet questions: what comes next and the
 * «تکمیل سوالات» button. A LIMOO_PLUS purchase names that button in its instructions, so it always gets it.
 */
export function QuestionsNextStep({ limooPlus }: { limooPlus: boolean }) {
  const { t } = useTranslation()
  const diet = useActiveDiet(true)
  const data = diet.data
  const waiting =
    data !== undefined && data.orderId !== undefined && displayState(data.status, data.remainDays, data) === 'answering'
  if (!waiting && !limooPlus) return null
  return (
    <>
      {waiting ? (
        <p className="payment-result__note" data-testid="next-step-questions">
          {t('panel.nextStep')}
        </p>
      ) : null}
      <Link className="primary-button next-step-button" to={questionsPath(data?.status ?? '')} data-testid="complete-questions">
        {t('panel.completeQuestions')}
      </Link>
    </>
  )
}
