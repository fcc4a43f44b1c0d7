import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { writeSetting } from '@/config/flags'
import { isLoggedIn, setPendingForm } from '@/lib/auth'
import { currentMobileUserId, sendStepAnswers } from '../../api/send-answers'
import { answerValues, hasAnswerSet, readAnswers } from '../../domain/answer-store'
import {
  aboutYourDietCards,
  bettermeWeights,
  durationWording,
  goalWeightEstimate,
  similarPeople,
  suitableDiet,
} from '../../domain/betterme-result'
import { activePath } from '../../domain/navigation'
import { betterme } from '../../forms'
import { formatCount, localDigits } from '../format'
import { NoUserAnswer } from '../no-user-answer'
import { GoalWeightChart } from './goal-weight-chart'
import { isExternal, mealPlanDestination } from './meal-plan'
import { ResultCard, ResultLayout } from './result-layout'

/** Session key of the address sign-in returns to (spec 1 §3, read by /enter-success). */
const RETURN_AFTER_SIGN_IN_KEY = 'redirectAfterLogin'

function BettermeResult({ loginPopup }: { loginPopup: ReactNode }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [signingIn, setSigningIn] = useState(false)
  const [values] = useState(() => answerValues())
  const language = i18n.language
  const digits = (value: number) => localDigits(value, language)

  const { diet } = suitableDiet(values)
  const weights = bettermeWeights(values)
  const estimate = weights === null ? null : goalWeightEstimate(weights.current, weights.goal)
  const team = t('quiz.betterme.team', { returnObjects: true }) as unknown as { name: string; role: string }[]
  const lastStep = activePath(betterme, values).at(-1) ?? betterme.firstStep

  const goToMealPlan = () => {
    const destination = mealPlanDestination()
    if (isExternal(destination)) window.location.assign(destination)
    else void navigate(destination)
  }

  /** Signed in: the answers go with the mobile number; anonymous: the sign-in popup, which sends them after [RS-20]. */
  const onMealPlan = () => {
    if (isLoggedIn()) {
      void sendStepAnswers(betterme, lastStep, readAnswers(), currentMobileUserId()).then(goToMealPlan)
      return
    }
    setPendingForm((mobileNumber) => sendStepAnswers(betterme, lastStep, readAnswers(), mobileNumber))
    const destination = mealPlanDestination()
    writeSetting(RETURN_AFTER_SIGN_IN_KEY, isExternal(destination) ? betterme.resultPath : destination)
    setSigningIn(true)
  }

  return (
    <>
      <ResultLayout
        testId="betterme-result"
        title={t('quiz.betterme.title')}
        subtitle={t('quiz.betterme.subtitle')}
        actionLabel={t('quiz.mealPlan')}
        onAction={onMealPlan}
      >
        <ResultCard title={t('quiz.betterme.dietHeading')} testId="suitable-diet">
          <p className="quiz-card__highlight" data-diet={diet}>
            {t(`quiz.betterme.diets.${diet}.name`)}
          </p>
          <p>{t(`quiz.betterme.diets.${diet}.body`)}</p>
        </ResultCard>
        {weights !== null && estimate !== null ? (
          <ResultCard title={t('quiz.betterme.goalHeading')} testId="goal-weight">
            <p data-testid="goal-weight-duration" data-days={estimate.days} data-state={estimate.state}>
              {t('quiz.betterme.goalDuration', {
                current: digits(weights.current),
                goal: digits(weights.goal),
                duration: t(`quiz.betterme.duration.${durationWording(estimate)}`, {
                  months: digits(estimate.months),
                  days: digits(estimate.remainingDays),
                }),
              })}
            </p>
            <p className="quiz-card__note">{t(`quiz.betterme.weightState.${estimate.state}`)}</p>
            {diet === '4P' ? (
              <p data-testid="four-p-range">
                {t('quiz.betterme.fourPRange', { min: digits(estimate.fourPDays.min), max: digits(estimate.fourPDays.max) })}
              </p>
            ) : null}
            <GoalWeightChart current={weights.current} goal={weights.goal} />
          </ResultCard>
        ) : null}
        <ResultCard title={t('quiz.betterme.similarHeading')} testId="similar-people">
          <p>
            <strong className="quiz-card__highlight">{formatCount(similarPeople(values.bm2_3), language)}</strong>{' '}
            {t('quiz.betterme.similarBody')}
          </p>
        </ResultCard>
        <ResultCard title={t('quiz.betterme.teamHeading')} testId="medical-team">
          <ul className="quiz-team">
            {team.map((member) => (
              <li key={member.name} className="quiz-team__member">
                <span className="quiz-team__avatar" aria-hidden="true">
                  {member.name.slice(0, 1)}
                </span>
                <span>
                  <strong>{member.name}</strong>
                  <br />
                  <span className="quiz-card__note">{member.role}</span>
                </span>
              </li>
            ))}
          </ul>
        </ResultCard>
        <ResultCard title={t('quiz.betterme.aboutHeading')} testId="about-your-diet">
          <ul className="quiz-about">
            {aboutYourDietCards(values).map((card) => (
              <li key={card} className="quiz-about__card" data-card={card}>
                {t(`quiz.betterme.about.${card}`)}
              </li>
            ))}
          </ul>
        </ResultCard>
      </ResultLayout>
      {signingIn ? loginPopup : null}
    </>
  )
}

/**
 * /betterme-result: suitable diet, goal-weight estimate and chart, similar people, medical team, "about your diet"
 * cards and the sticky meal-plan button [RS-01…RS-20]. `loginPopup` is the sign-in popup, given by the app.
 */
export function BettermeResultPage({ loginPopup }: { loginPopup: ReactNode }) {
  const [complete] = useState(() => hasAnswerSet(betterme))
  return complete ? <BettermeResult loginPopup={loginPopup} /> : <NoUserAnswer flow={betterme} />
}
