import { useTranslation } from 'react-i18next'
import { directionOf } from '@/i18n'
import { goalWeightCurve } from '../../domain/betterme-result'
import { localDigits } from '../format'

const WIDTH = 320
const HEIGHT = 160
const PAD = 28

/**
 * The goal-weight line from today's weight to the goal, one point a month [RS-11, RS-18]. Time runs the way the page
 * reads: from right to left on a Persian page, today at the right.
 */
export function GoalWeightChart({ current, goal }: { current: number; goal: number }) {
  const { t, i18n } = useTranslation()
  const points = goalWeightCurve(current, goal)
  const lastDay = points.at(-1)?.day || 1
  const low = Math.min(current, goal)
  const high = Math.max(current, goal)
  const span = high - low || 1
  const rtl = directionOf(i18n.language) === 'rtl'
  const x = (day: number) => {
    const along = ((WIDTH - 2 * PAD) * day) / lastDay
    return rtl ? WIDTH - PAD - along : PAD + along
  }
  const y = (weight: number) => PAD + ((HEIGHT - 2 * PAD) * (high - weight)) / span
  const line = points.map((point) => `${x(point.day).toFixed(1)},${y(point.weight).toFixed(1)}`).join(' ')
  const digits = (value: number) => localDigits(Math.round(value * 10) / 10, i18n.language)
  return (
    <svg
      className="quiz-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('quiz.betterme.chartLabel', { current: digits(current), goal: digits(goal) })}
      data-testid="goal-weight-chart"
      style={{ direction: 'ltr' }}
    >
      <line className="quiz-chart__axis" x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} />
      <polyline className="quiz-chart__line" points={line} />
      {points.map((point) => (
        <circle key={point.day} className="quiz-chart__point" cx={x(point.day)} cy={y(point.weight)} r={4} />
      ))}
      <text className="quiz-chart__label" x={x(0)} y={y(current) - 8} textAnchor={rtl ? 'end' : 'start'}>
        {digits(current)}
      </text>
      <text className="quiz-chart__label quiz-chart__label--goal" x={x(lastDay)} y={y(goal) - 8} textAnchor={rtl ? 'start' : 'end'}>
        {digits(goal)}
      </text>
    </svg>
  )
}
