import { useTranslation } from 'react-i18next'
import { goodLookingResult } from '../../domain/good-looking-result'
import { goodLooking } from '../../forms'
import { optionTitle } from '../../forms/lookup'
import { localDigits } from '../format'
import { NoUserAnswer } from '../no-user-answer'
import { ResultCard, ResultLayout } from './result-layout'
import { useResultAnswers } from './use-result-answers'

/**
 * /result after good-looking: body-shape title, BMI warning, reference celebrity, clothing-style tips, lifestyle,
 * activity level, food restriction and goal [RS-21…RS-23].
 */
export function GoodLookingResultPage() {
  const { t, i18n } = useTranslation()
  const { complete, values, language, goToMealPlan } = useResultAnswers(goodLooking)
  const result = complete ? goodLookingResult(values) : null
  if (result === null) return <NoUserAnswer flow={goodLooking} />
  const title = (questionId: string, value: string | null) => optionTitle(goodLooking, questionId, value, language) ?? '—'
  const shape = `quiz.goodLooking.shapes.${result.shape}` as const
  const restrictions = result.foodRestrictions.map((value) => title('bm_f12', value))
  return (
    <ResultLayout
      testId="good-looking-result"
      title={t(`${shape}.title`)}
      subtitle={t('quiz.goodLooking.subtitle')}
      actionLabel={t('quiz.mealPlan')}
      onAction={goToMealPlan}
    >
      <ResultCard title={t('quiz.goodLooking.bmiHeading')} testId="bmi-warning">
        <p className="quiz-card__highlight" data-bmi-class={result.bmiClass}>
          {t('quiz.goodLooking.bmiValue', { bmi: localDigits(result.bmi, i18n.language) })}
        </p>
        <p>{t(`quiz.goodLooking.bmi.${result.bmiClass}`)}</p>
        {result.overWeight > 0 ? <p>{t('quiz.goodLooking.overWeight', { kg: localDigits(result.overWeight, i18n.language) })}</p> : null}
      </ResultCard>
      <ResultCard title={t('quiz.goodLooking.celebrityHeading')} testId="celebrity">
        <p>{t(`${shape}.celebrity`)}</p>
      </ResultCard>
      <ResultCard title={t('quiz.goodLooking.styleHeading')} testId="style-tips">
        <p>{t(`${shape}.style`)}</p>
      </ResultCard>
      <ResultCard title={t('quiz.goodLooking.habitsHeading')} testId="habits">
        <dl className="quiz-facts">
          <dt>{t('quiz.goodLooking.lifestyle')}</dt>
          <dd>{title('bm_f9', result.lifestyle)}</dd>
          <dt>{t('quiz.goodLooking.activity')}</dt>
          <dd>{title('bm_f6', result.activity)}</dd>
          <dt>{t('quiz.goodLooking.foodRestriction')}</dt>
          <dd>{restrictions.length > 0 ? restrictions.join('، ') : t('quiz.goodLooking.noRestriction')}</dd>
          <dt>{t('quiz.goodLooking.goal')}</dt>
          <dd>{title('bm_f2', result.goal)}</dd>
        </dl>
      </ResultCard>
    </ResultLayout>
  )
}
