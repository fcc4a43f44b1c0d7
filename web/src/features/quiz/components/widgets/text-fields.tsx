import { useTranslation } from 'react-i18next'
import { toLatinDigits } from '@/lib/digits'
import { localise } from '../../domain/validation'
import { localDigits } from '../format'
import { applyMask } from './mask'
import type { WidgetProps } from './widget-props'
import '@/components/ui/ui.css'

const TEXT_LIMIT = 100

function asText(value: WidgetProps['value']): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

/** A one-line text of at most 100 characters with a counter; touched on blur [QN-36, QN-37]. */
export function Textbox({ question, value, onChange, onBlur, invalid, labelId, errorId, language }: WidgetProps) {
  const props = question.answerUIComponent.type === 'textbox' ? question.answerUIComponent.props : { maxLength: TEXT_LIMIT }
  const text = asText(value)
  return (
    <div className="quiz-textbox">
      <input
        id={`${question.id}-text`}
        className="field-input"
        type="text"
        maxLength={props.maxLength}
        aria-labelledby={labelId}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        placeholder={'placeholder' in props ? localise(props.placeholder, language) : undefined}
        value={text}
        data-testid="quiz-textbox"
        onChange={(event) => onChange(event.target.value.slice(0, props.maxLength))}
        onBlur={onBlur}
      />
      <span className="quiz-hint quiz-textbox__count" aria-hidden="true">
        {localDigits(`${text.length}/${props.maxLength}`, language)}
      </span>
    </div>
  )
}

const MOBILE_MASK = '#### ### ####'
const CARD_MASK = '#### #### #### ####'

function MaskedField({
  mask,
  kind,
  question,
  value,
  onChange,
  onBlur,
  invalid,
  labelId,
  errorId,
}: WidgetProps & { mask: string; kind: 'mobile' | 'card' }) {
  const { t } = useTranslation()
  const limit = mask.split('').filter((char) => char === '#').length
  const digits = asText(value)
  return (
    <input
      id={`${question.id}-${kind}`}
      className="field-input"
      type="tel"
      inputMode="numeric"
      dir="ltr"
      autoComplete={kind === 'mobile' ? 'tel' : 'cc-number'}
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
      aria-describedby={errorId}
      placeholder={t(kind === 'mobile' ? 'quiz.widgets.mobilePlaceholder' : 'quiz.widgets.cardPlaceholder')}
      value={applyMask(digits, mask)}
      data-testid={kind === 'mobile' ? 'quiz-mobile' : 'quiz-card'}
      onChange={(event) => {
        const typed = toLatinDigits(event.target.value).replace(/\D/g, '').slice(0, limit)
        onChange(typed === '' ? null : typed)
      }}
      onBlur={onBlur}
    />
  )
}

/** Mobile number with an input mask (0912 345 6789) [QN-54]. */
export function MobileField(props: WidgetProps) {
  return <MaskedField {...props} mask={MOBILE_MASK} kind="mobile" />
}

/** Credit-card number in groups of four. */
export function CreditCardField(props: WidgetProps) {
  return <MaskedField {...props} mask={CARD_MASK} kind="card" />
}
