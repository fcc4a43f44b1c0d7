import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatAmount, formatPrice } from '@/lib/money'
import { useCurrencyLabel } from '@/components/hooks/use-format-price'
import type { Product } from '../../types'
import { optionDisplay, type OptionDescription } from '../domain/option-display'
import type { WizardOption } from '../types'

function Description({ description }: { description: OptionDescription }) {
  return (
    <span className="wizard-option__description" data-testid="option-description">
      {description.title ? <span className="wizard-option__description-title">{description.title}</span> : null}
      {description.subtitle ? <span className="wizard-option__description-subtitle">{description.subtitle}</span> : null}
      {description.paragraph ? <span className="wizard-option__paragraph">{description.paragraph}</span> : null}
      {description.bullets.length > 0 ? (
        <span
          className={`wizard-option__bullets wizard-option__bullets--${description.bulletsStyle}`}
          role="list"
          data-testid="option-bullets"
          data-bullets-style={description.bulletsStyle}
        >
          {description.bullets.map((bullet, index) => (
            <span className="wizard-option__bullet" role="listitem" key={`${index}-${bullet}`}>
              {bullet}
            </span>
          ))}
        </span>
      ) : null}
    </span>
  )
}

interface OptionCardProps {
  option: WizardOption
  product: Product
  group: string
  checked: boolean
  onChoose: (option: WizardOption) => void
}

/** One option of a wizard page with every ui field (spec 2 §2): a radio inside its card. */
export function OptionCard({ option, product, group, checked, onChoose }: OptionCardProps) {
  const { t, i18n } = useTranslation()
  const currencyLabel = useCurrencyLabel()(product.currency)
  const titleId = useId()
  const priceId = useId()
  const display = optionDisplay(option.ui, product)
  const amount = (value: number) =>
    display.withCurrency ? formatPrice(value, currencyLabel, i18n.language) : formatAmount(value, i18n.language)
  const hasPrice = display.finalPrice !== null || display.originalPrice !== null

  return (
    <label
      className={['choice-card', 'wizard-option', checked ? 'choice-card--selected' : ''].filter(Boolean).join(' ')}
      data-testid="wizard-option"
      data-product-id={product.id}
      data-selected={checked}
    >
      <input
        className="wizard-option__input"
        type="radio"
        name={group}
        value={product.id}
        checked={checked}
        onChange={() => onChoose(option)}
        aria-labelledby={titleId}
        aria-describedby={hasPrice ? priceId : undefined}
      />
      <span className="choice-card__radio" aria-hidden="true" />
      <span className="choice-card__content">
        <span className="wizard-option__title" id={titleId}>
          {display.title}
        </span>
        {display.subtitle ? <span className="wizard-option__subtitle">{display.subtitle}</span> : null}
        {hasPrice ? (
          <span className="wizard-option__price" id={priceId} data-testid="option-price">
            {display.originalPrice !== null ? (
              <del className="price-tag__original" data-testid="option-price-original">
                <span className="visually-hidden">{`${t('shop.originalPrice')}: `}</span>
                {amount(display.originalPrice)}
              </del>
            ) : null}
            {display.finalPrice !== null ? (
              <span className="price-tag__final" data-testid="option-price-final">
                <span className="visually-hidden">{`${t('shop.finalPrice')}: `}</span>
                {display.plusSign ? '+ ' : null}
                {amount(display.finalPrice)}
              </span>
            ) : null}
          </span>
        ) : null}
        {display.description ? <Description description={display.description} /> : null}
      </span>
      {display.badge ? (
        <span className="wizard-option__badge" data-testid="option-badge">
          {display.badge}
        </span>
      ) : null}
    </label>
  )
}

interface DeclineCardProps {
  group: string
  checked: boolean
  onChoose: () => void
}

/** The first choice of an optional (add-on) page: going on without any of its options, at no cost. */
export function DeclineCard({ group, checked, onChoose }: DeclineCardProps) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <label
      className={['choice-card', 'wizard-option', checked ? 'choice-card--selected' : ''].filter(Boolean).join(' ')}
      data-testid="wizard-decline"
      data-selected={checked}
    >
      <input
        className="wizard-option__input"
        type="radio"
        name={group}
        value=""
        checked={checked}
        onChange={onChoose}
        aria-labelledby={titleId}
      />
      <span className="choice-card__radio" aria-hidden="true" />
      <span className="choice-card__content">
        <span className="wizard-option__title" id={titleId}>
          {t('wizard.decline')}
        </span>
        <span className="wizard-option__subtitle">{t('wizard.declineNote')}</span>
      </span>
    </label>
  )
}
