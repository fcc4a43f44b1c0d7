import { useTranslation } from 'react-i18next'
import { konkurResult, nowruzResult, nowruzTips, psychologyResult } from '../../domain/flow-results'
import { konkur, nowruz, psychology } from '../../forms'
import { optionTitle } from '../../forms/lookup'
import { localDigits } from '../format'
import { NoUserAnswer } from '../no-user-answer'
import { ResultCard, ResultLayout } from './result-layout'
import { useResultAnswers } from './use-result-answers'

/** /nowruz-result: the holiday plan, what to watch, and the weight-stabilising notice [QN-18]. */
export function NowruzResultPage() {
  const { t } = useTranslation()
  const { complete, values, language, goToMealPlan } = useResultAnswers(nowruz)
  if (!complete) return <NoUserAnswer flow={nowruz} />
  const result = nowruzResult(values)
  return (
    <ResultLayout testId="nowruz-result" title={t('quiz.nowruz.title')} actionLabel={t('quiz.mealPlan')} onAction={goToMealPlan}>
      <ResultCard title={t('quiz.nowruz.planHeading')} testId="holiday-plan">
        <p className="quiz-card__highlight">{optionTitle(nowruz, 'nrz_9', result.holidayPlan, language)}</p>
        <p>{t(`quiz.nowruz.plans.${result.holidayPlan ?? 'MIX'}`)}</p>
      </ResultCard>
      {result.stabiliseNotice ? (
        <ResultCard title={t('quiz.nowruz.noticeHeading')} testId="stabilise-notice">
          <p>{t('quiz.nowruz.notice')}</p>
        </ResultCard>
      ) : null}
      <ResultCard title={t('quiz.nowruz.tipsHeading')} testId="nowruz-tips">
        <ul className="quiz-about">
          {nowruzTips(result).map((tip) => (
            <li key={tip} className="quiz-about__card" data-card={tip}>
              {t(`quiz.nowruz.tips.${tip}`)}
            </li>
          ))}
        </ul>
      </ResultCard>
    </ResultLayout>
  )
}

/** /psychology-result: eating, sleep and mood scores, the level, and whether a therapist comes first. */
export function PsychologyResultPage() {
  const { t, i18n } = useTranslation()
  const { complete, values, goToMealPlan } = useResultAnswers(psychology)
  if (!complete) return <NoUserAnswer flow={psychology} />
  const result = psychologyResult(values)
  return (
    <ResultLayout
      testId="psychology-result"
      title={t('quiz.psychology.title')}
      subtitle={t(`quiz.psychology.levels.${result.level}`)}
      actionLabel={t('quiz.psychology.action')}
      onAction={goToMealPlan}
    >
      <ResultCard title={t('quiz.psychology.areasHeading')} testId="psychology-areas">
        {(['eating', 'sleep', 'mood'] as const).map((area) => (
          <div key={area} className="quiz-meter">
            <span className="quiz-meter__label">{t(`quiz.psychology.areas.${area}`)}</span>
            <meter className="quiz-meter__bar" min={0} max={100} low={34} high={67} optimum={0} value={result.areas[area]} data-area={area}>
              {localDigits(result.areas[area], i18n.language)}
            </meter>
          </div>
        ))}
      </ResultCard>
      <ResultCard title={t('quiz.psychology.levelHeading')} testId="psychology-level">
        <p className="quiz-card__highlight" data-level={result.level}>
          {t(`quiz.psychology.levelBody.${result.level}`)}
        </p>
        {result.statements > 0 ? (
          <p>{t('quiz.psychology.statements', { shown: localDigits(result.statements, i18n.language) })}</p>
        ) : null}
      </ResultCard>
      {result.therapistFirst ? (
        <ResultCard title={t('quiz.psychology.therapistHeading')} testId="therapist-first">
          <p>{t('quiz.psychology.therapist')}</p>
        </ResultCard>
      ) : null}
    </ResultLayout>
  )
}

/** /konkur-result: the study-day meal times and advice for exam students. */
export function KonkurResultPage() {
  const { t } = useTranslation()
  const { complete, values, language, goToMealPlan } = useResultAnswers(konkur)
  if (!complete) return <NoUserAnswer flow={konkur} />
  const result = konkurResult(values)
  const meal = (questionId: string, value: string | null) => optionTitle(konkur, questionId, value, language) ?? '—'
  return (
    <ResultLayout testId="konkur-result" title={t('quiz.konkur.title')} actionLabel={t('quiz.mealPlan')} onAction={goToMealPlan}>
      <ResultCard title={t('quiz.konkur.mealsHeading')} testId="konkur-meals">
        <dl className="quiz-facts">
          <dt>{t('quiz.konkur.breakfast')}</dt>
          <dd>{meal('kn_13', result.meals.breakfast)}</dd>
          <dt>{t('quiz.konkur.lunch')}</dt>
          <dd>{meal('kn_14', result.meals.lunch)}</dd>
          <dt>{t('quiz.konkur.dinner')}</dt>
          <dd>{meal('kn_15', result.meals.dinner)}</dd>
          <dt>{t('quiz.konkur.focus')}</dt>
          <dd>{meal('kn_16', result.focusTime)}</dd>
        </dl>
      </ResultCard>
      <ResultCard title={t('quiz.konkur.adviceHeading')} testId="konkur-advice">
        <ul className="quiz-about">
          {[...result.advice, 'BRAIN_FOOD' as const].map((advice) => (
            <li key={advice} className="quiz-about__card" data-card={advice}>
              {t(`quiz.konkur.advice.${advice}`)}
            </li>
          ))}
        </ul>
      </ResultCard>
    </ResultLayout>
  )
}
