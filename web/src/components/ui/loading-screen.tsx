import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toPersianDigits } from '@/lib/digits'
import { LOADING_STEP_MS, opacityAt, PROGRESS_STEPS } from './loading-timing'
import './ui.css'

/** 1 → 100 over `runMs`, one step every runMs / 100 [CT-01]. */
function useProgress(runMs: number, onDone?: () => void) {
  const [value, setValue] = useState(1)
  useEffect(() => {
    if (value >= PROGRESS_STEPS) {
      onDone?.()
      return
    }
    const id = window.setTimeout(() => setValue((current) => current + 1), runMs / PROGRESS_STEPS)
    return () => window.clearTimeout(id)
  }, [value, runMs, onDone])
  return value
}

interface ProgressCircleProps {
  runMs?: number
  label: string
  onDone?: () => void
}

/** A percentage circle from 1 to 100 [CT-01]. */
export function ProgressCircle({ runMs = LOADING_STEP_MS, label, onDone }: ProgressCircleProps) {
  const { i18n } = useTranslation()
  const value = useProgress(runMs, onDone)
  const radius = 44
  const circumference = 2 * Math.PI * radius
  return (
    <div
      className="progress-circle"
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={PROGRESS_STEPS}
      aria-valuenow={value}
      data-testid="progress-circle"
    >
      <svg viewBox="0 0 100 100" aria-hidden="true">
        <circle className="progress-circle__track" cx="50" cy="50" r={radius} />
        <circle
          className="progress-circle__value"
          cx="50"
          cy="50"
          r={radius}
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value / PROGRESS_STEPS)}
        />
      </svg>
      <span className="progress-circle__text">
        {i18n.language === 'fa' ? `${toPersianDigits(value)}٪` : `${value}%`}
      </span>
    </div>
  )
}

/** The messages still shown: one leaves every `stepMs`, the last one stays [CT-02]. */
function useFadingItems(items: readonly string[], stepMs: number) {
  const [removed, setRemoved] = useState(0)
  useEffect(() => {
    if (removed >= items.length - 1) return
    const id = window.setTimeout(() => setRemoved((count) => count + 1), stepMs)
    return () => window.clearTimeout(id)
  }, [removed, items.length, stepMs])
  return items.slice(removed)
}

interface FadingListProps {
  items: readonly string[]
  stepMs?: number
}

/** A list whose first item goes every `stepMs`; items fade by position (1, 0.9, 0.9, 0.75, 0.6, 0.6, 0.1) [CT-02]. */
export function FadingList({ items, stepMs = LOADING_STEP_MS }: FadingListProps) {
  const shown = useFadingItems(items, stepMs)
  return (
    <ul className="fading-list" data-testid="fading-list" aria-live="polite">
      {shown.map((item, index) => (
        <li key={item} className="fading-list__item" style={{ opacity: opacityAt(index) }} data-opacity={opacityAt(index)}>
          {item}
        </li>
      ))}
    </ul>
  )
}

interface LoadingScreenProps {
  /** Defaults to the analysis messages of spec 1 §2. */
  messages?: readonly string[]
  stepMs?: number
  onDone?: () => void
}

/** The analysis loading screen of the quizzes: progress circle and fading messages. */
export function LoadingScreen({ messages, stepMs = LOADING_STEP_MS, onDone }: LoadingScreenProps) {
  const { t } = useTranslation()
  const analysis = messages ?? (t('loading.analysis', { returnObjects: true }) as unknown as string[])
  return (
    <section className="loading-screen" data-testid="loading-screen">
      <ProgressCircle runMs={stepMs} label={t('loading.progress')} {...(onDone ? { onDone } : {})} />
      <FadingList items={analysis} stepMs={stepMs} />
    </section>
  )
}
