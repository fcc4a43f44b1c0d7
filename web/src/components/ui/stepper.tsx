import { useTranslation } from 'react-i18next'
import { formatAmount } from '@/lib/money'
import './ui.css'

interface StepperProps {
  label: string
  steps: readonly string[]
  /** Index of the current step. */
  current: number
  currentLabel: string
}

/** A numbered progress indicator; steps before the current one are done. */
export function Stepper({ label, steps, current, currentLabel }: StepperProps) {
  const { i18n } = useTranslation()
  return (
    <nav className="stepper" aria-label={label} data-testid="stepper">
      <ol className="stepper__list">
        {steps.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo'
          return (
            <li
              key={step}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__marker" aria-hidden="true">
                {formatAmount(index + 1, i18n.language)}
              </span>
              <span className="stepper__label">{step}</span>
              {state === 'current' ? <span className="visually-hidden">{` (${currentLabel})`}</span> : null}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
