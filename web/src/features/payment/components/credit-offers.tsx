import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatAmount } from '@/lib/money'
import { creditOffers } from '../domain/methods'
import { readPaymentSettings } from '../domain/payment-settings'
import '../payment.css'

/** The credit and instalment offers `paymentMethodsVisibility` allows, for the course list (spec 2 §1) [PM-24]. */
export function CreditOffers() {
  const { t, i18n } = useTranslation()
  const [payment] = useState(readPaymentSettings)
  const offers = creditOffers(payment.visibility)
  if (offers.length === 0) return null
  return (
    <section className="credit-offers" aria-labelledby="credit-offers-title" data-testid="credit-offers">
      <h2 id="credit-offers-title" className="credit-offers__title">
        {t('payment.creditOffers')}
      </h2>
      <ul className="credit-offers__list">
        {offers.map((offer) => (
          <li key={offer} className="credit-offers__offer" data-testid="credit-offer" data-offer={offer}>
            <strong>{t(`payment.methods.${offer}.title`)}</strong>
            <span>
              {offer === 'blubank'
                ? t('payment.sheet.cashback', { percent: formatAmount(payment.bluBankCashbackPercent, i18n.language) })
                : t(`payment.methods.${offer}.description`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
