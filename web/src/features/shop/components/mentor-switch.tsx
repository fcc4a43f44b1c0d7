import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '@/lib/money'
import { useCurrencyLabel } from '@/components/hooks/use-format-price'
import type { Product } from '../types'

const FEATURE_KEYS = [
  'shop.mentor.featureAnswers',
  'shop.mentor.featureFollowUp',
  'shop.mentor.featureDetails',
  'shop.mentor.featureMotivation',
] as const

interface MentorSwitchProps {
  checked: boolean
  /** The matching mentor product, once known: its price shows beside the switch. */
  mentor: Product | undefined
  busy: boolean
  onToggle: (on: boolean) => void
}

/** The mentor add-on: a switch and its four feature lines [PM-18]. */
export function MentorSwitch({ checked, mentor, busy, onToggle }: MentorSwitchProps) {
  const { t, i18n } = useTranslation()
  const currencyLabel = useCurrencyLabel()
  const featuresId = useId()
  return (
    <div className="mentor-switch" data-testid="mentor-add-on">
      <label className="mentor-switch__row">
        <span className="mentor-switch__label">{t('shop.mentor.switch')}</span>
        {mentor ? (
          <span className="mentor-switch__price" data-testid="mentor-price">
            <span className="visually-hidden">{`${t('shop.mentor.price')}: `}</span>
            {`+ ${formatPrice(mentor.finalPrice, currencyLabel(mentor.currency), i18n.language)}`}
          </span>
        ) : null}
        <input
          type="checkbox"
          role="switch"
          className="mentor-switch__input"
          data-testid="mentor-switch"
          checked={checked}
          aria-busy={busy || undefined}
          disabled={busy}
          aria-describedby={featuresId}
          onChange={(event) => onToggle(event.target.checked)}
        />
      </label>
      <ul className="mentor-switch__features" id={featuresId} aria-label={t('shop.mentor.featuresLabel')}>
        {FEATURE_KEYS.map((key) => (
          <li key={key} className="mentor-switch__feature" data-testid="mentor-feature">
            {t(key)}
          </li>
        ))}
      </ul>
    </div>
  )
}
