import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { perfectBodyQueryOptions, registrationFields } from '../../api/perfect-body'
import { goodLookingResult, type GoodLookingResult } from '../../domain/good-looking-result'
import type { Language } from '../../domain/validation'
import { goodLooking } from '../../forms'
import { optionTitle } from '../../forms/lookup'
import { localDigits } from '../format'
import { NoUserAnswer } from '../no-user-answer'
import { ResultCard, ResultLayout } from './result-layout'
import { useResultAnswers } from './use-result-answers'

/**
 * /result after good-looking: body-shape title, BMI warning, reference celebrity, clothing-style tips, lifestyle,
 * activity level, food restriction and goal [RS-21…RS-23]. Body shape, BMI, overweight and the months to the goal are
 * the BFF's perfect-body answer (registrationt2, then resultt2) [RS-24…RS-30].
 */
export function GoodLookingResultPage() {
  const { complete, values, language, goToMealPlan } = useResultAnswers(goodLooking)
  const result = complete ? goodLookingResult(values) : null
  const fields = result === null ? null : registrationFields(values)
  if (result === null || fields === null) return <NoUserAnswer flow={goodLooking} />
  return <GoodLookingResultView result={result} fields={fields} language={language} onMealPlan={goToMealPlan} />
}

function GoodLookingResultView({
  result,
  fields,
  language,
  onMealPlan,
}: {
  result: GoodLookingResult
  fields: Record<string, string>
  language: Language
  onMealPlan: () => void
}) {
  const { t, i18n } = useTranslation()
  const body = useQuery(perfectBodyQueryOptions(fields))
  if (body.isPending) {
    return (
      <section className="quiz-page" data-testid="perfect-body-pending">
        <p role="status">{t('quiz.goodLooking.pending')}</p>
      </section>
    )
  }
  if (body.isError) {
    return (
      <section className="quiz-page quiz-no-answer" data-testid="perfect-body-error" data-error={body.error.name}>
        <p role="alert">{t('quiz.goodLooking.failed')}</p>
        <button type="button" className="quiz-button" onClick={() => void body.refetch()}>
          {t('quiz.goodLooking.retry')}
        </button>
      </section>
    )
  }
  const digits = (value: number) => localDigits(value, i18n.language)
  const title = (questionId: string, value: string | null) => optionTitle(goodLooking, questionId, value, language) ?? '—'
  const shape = `quiz.goodLooking.shapes.${body.data.bodyShape}` as const
  const restrictions = result.foodRestrictions.map((value) => title('bm_f12', value))
  return (
    <ResultLayout
      testId="good-looking-result"
      title={t(`${shape}.title`)}
      subtitle={t('quiz.goodLooking.subtitle')}
      actionLabel={t('quiz.mealPlan')}
      onAction={onMealPlan}
    >
      <ResultCard title={t('quiz.goodLooking.bmiHeading')} testId="bmi-warning">
        <p className="quiz-card__highlight" data-bmi-class={body.data.bmiClass} data-body-shape={body.data.bodyShape}>
          {t('quiz.goodLooking.bmiValue', { bmi: digits(body.data.bmi) })}
        </p>
        <p>{t(`quiz.goodLooking.bmi.${body.data.bmiClass}`)}</p>
        {body.data.overWeight > 0 ? (
          <p data-testid="over-weight" data-kg={body.data.overWeight}>
            {t('quiz.goodLooking.overWeight', { kg: digits(body.data.overWeight) })}
          </p>
        ) : null}
        {body.data.timeToMonth > 0 ? (
          <p data-testid="time-to-month" data-months={body.data.timeToMonth} data-periods={body.data.numberOfPeriod}>
            {t('quiz.goodLooking.timeToMonth', { months: digits(body.data.timeToMonth), periods: digits(body.data.numberOfPeriod) })}
          </p>
        ) : null}
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
          <dd>{restrictions.length > 0 ? new Intl.ListFormat(language).format(restrictions) : t('quiz.goodLooking.noRestriction')}</dd>
          <dt>{t('quiz.goodLooking.goal')}</dt>
          <dd>{title('bm_f2', result.goal)}</dd>
        </dl>
      </ResultCard>
    </ResultLayout>
  )
}
