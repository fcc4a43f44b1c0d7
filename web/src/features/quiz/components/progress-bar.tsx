import { useTranslation } from 'react-i18next'
import { localDigits } from './format'

interface ProgressBarProps {
  /** Completed steps (default 5). */
  value?: number
  /** Steps in all (default 10). */
  total?: number
  /** Where the open step stands, for the "n of total" text [QN-08]. */
  position?: number
}

/** The linear progress bar: completed steps out of a total, defaulting to 5 of 10 [QN-38]. */
export function ProgressBar({ value = 5, total = 10, position }: ProgressBarProps) {
  const { t, i18n } = useTranslation()
  const shown = Math.min(value, total)
  return (
    <div className="quiz-progress">
      <div
        className="quiz-progress__bar"
        role="progressbar"
        aria-label={t('quiz.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={shown}
        data-testid="quiz-progress"
      >
        <span className="quiz-progress__fill" style={{ width: `${total === 0 ? 0 : (shown / total) * 100}%` }} />
      </div>
      {position !== undefined ? (
        <span className="quiz-progress__text" data-testid="quiz-progress-text">
          {t('quiz.progress', { position: localDigits(position, i18n.language), total: localDigits(total, i18n.language) })}
        </span>
      ) : null}
    </div>
  )
}
