import { useRef, type KeyboardEvent } from 'react'
import { localise } from '../../domain/validation'
import type { WidgetProps } from './widget-props'

type Variant = 'gender' | 'picture' | 'radio' | 'toggle'

/**
 * One choice among cards: the gender picker, the picture radio, the radio list and the two-way toggle. A radiogroup of
 * buttons: a tap or Enter answers (and, on choice steps, submits); arrow keys only move the focus, so moving through
 * the options never submits.
 */
export function ChoiceCards({ variant, options, value, onChange, invalid, labelId, errorId, language }: WidgetProps & { variant: Variant }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const selectedIndex = options.findIndex((option) => option.value === value)
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const forward = event.key === 'ArrowDown' || event.key === 'ArrowLeft'
    const backward = event.key === 'ArrowUp' || event.key === 'ArrowRight'
    if (!forward && !backward) return
    event.preventDefault()
    const next = (index + (forward ? 1 : -1) + options.length) % options.length
    refs.current[next]?.focus()
  }
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
      aria-describedby={errorId}
      className={`quiz-choices quiz-choices--${variant}`}
    >
      {options.map((option, index) => {
        const selected = option.value === value
        const subTitle = localise(option.subTitle, language)
        return (
          <button
            key={option.value}
            ref={(element) => {
              refs.current[index] = element
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected || (selectedIndex < 0 && index === 0) ? 0 : -1}
            className={`quiz-choice${selected ? ' quiz-choice--selected' : ''}`}
            data-testid="quiz-option"
            data-value={option.value}
            onClick={() => onChange(option.value)}
            onKeyDown={onKeyDown(index)}
          >
            {option.img && (variant === 'gender' || variant === 'picture') ? (
              <img className="quiz-choice__img" src={option.img} alt="" aria-hidden="true" />
            ) : null}
            <span className="quiz-choice__title">{localise(option.title, language)}</span>
            {subTitle ? <span className="quiz-choice__subtitle">{subTitle}</span> : null}
          </button>
        )
      })}
    </div>
  )
}
