import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppConfig } from '@/components/hooks/use-app-config'
import { formatAmount } from '@/lib/money'
import { creditOffers } from '../domain/methods'
import { readPaymentSettings } from '../domain/payment-settings'
import '../payment.css'

/**
 * The credit and instalment offers for the course list (spec 2 §1) [PM-24]: those the checkout will list, i.e. the
 * deployment offers them, the session does not switch them off and `paymentMethodsVisibility` allows them. Nothing
 * shows until the deployment's gateways are known.
 */
export function CreditOffers() {
  const offered = useAppConfig()?.paymentGateways
  if (offered === undefined) return null
  return <OfferList offered={offered} />
}

function OfferList({ offered }: { offered: Parameters<typeof readPaymentSettings>[0] }) {
  const { t, i18n } = useTranslation()
  // The session's flags as the page opened: the list does not move under the customer's finger.
  const [payment] = useState(() => readPaymentSettings(offered))
  const offers = creditOffers(payment)
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
