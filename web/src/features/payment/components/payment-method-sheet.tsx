import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BottomSheet } from '@/components/ui/bottom-sheet'
import { formatAmount } from '@/lib/money'
import { GUMROAD_METHOD, type PaymentMethod, type PaymentOption } from '../domain/methods'
import '../payment.css'

export interface PaymentMethodSheetProps {
  open: boolean
  onClose: () => void
  /** The methods to list; null while they are being worked out (the customer's country is loading). */
  options: readonly PaymentOption[] | null
  /** Preselected method [PR-48…PR-50]; null leaves nothing chosen. */
  defaultMethod: PaymentMethod | null
  /** Pays with the chosen method: the popup starts the payment (`useStartPayment`) or opens a transfer form. */
  onPay: (method: PaymentMethod) => void
  /** A payment is under way: the sheet stays open until it has an answer. */
  pending: boolean
  /** A gateway's own words describing a method, shown verbatim instead of ours (Snapp Pay's eligibility [PM-38]). */
  methodNotes?: Partial<Record<PaymentMethod, string>>
  /** What Gumroad will charge for the order, as it writes it (`$29`); shown under its method. */
  gumroadPrice?: string
}

/** The bottom popup 'انتخاب روش پرداخت', variant B: one radio per method and 'پرداخت', disabled until one is chosen. */
export function PaymentMethodSheet(props: PaymentMethodSheetProps) {
  const { open, onClose, options, defaultMethod, onPay, pending, methodNotes, gumroadPrice } = props
  const { t, i18n } = useTranslation()
  const name = useId()
  const [chosen, setChosen] = useState<PaymentMethod | null>(null)
  const chosenStillSelectable = options?.some((option) => option.method === chosen && option.selectable) ?? false
  const selected = chosen !== null && chosenStillSelectable ? chosen : defaultMethod

  let body
  if (options === null) {
    body = (
      <p className="status-line payment-methods__state" role="status" data-testid="payment-methods-loading">
        {t('payment.sheet.loading')}
      </p>
    )
  } else if (options.length === 0) {
    body = (
      <p className="status-line payment-methods__state" role="status" data-testid="payment-methods-empty">
        {t('payment.sheet.empty')}
      </p>
    )
  } else {
    body = (
      <div className="payment-methods" role="radiogroup" aria-label={t('payment.sheet.title')}>
        {options.map(({ method, selectable, cashbackPercent, gumroadRefusal }) => {
          const id = `${name}-${method}`
          return (
            <label
              key={method}
              className={[
                'payment-method',
                selected === method ? 'payment-method--selected' : '',
                selectable ? '' : 'payment-method--unavailable',
              ]
                .filter(Boolean)
                .join(' ')}
              data-testid="payment-method"
              data-method={method}
              data-selectable={selectable}
            >
              <input
                type="radio"
                className="payment-method__radio"
                name={name}
                value={method}
                checked={selected === method}
                disabled={!selectable || pending}
                aria-labelledby={`${id}-title`}
                aria-describedby={`${id}-details`}
                onChange={() => setChosen(method)}
              />
              <span className="payment-method__text">
                <span id={`${id}-title`} className="payment-method__title">
                  {t(`payment.methods.${method}.title`)}
                </span>
                <span id={`${id}-details`} className="payment-method__details">
                  {methodNotes?.[method] ? (
                    <span className="payment-method__description" data-testid="method-note">
                      {methodNotes[method]}
                    </span>
                  ) : method === 'tally' ? null : (
                    <span className="payment-method__description">{t(`payment.methods.${method}.description`)}</span>
                  )}
                  {method === GUMROAD_METHOD && gumroadPrice ? (
                    <span className="payment-method__note" data-testid="gumroad-price">
                      {t('payment.sheet.gumroadPrice')} <bdi dir="ltr">{gumroadPrice}</bdi>
                    </span>
                  ) : null}
                  {cashbackPercent !== undefined ? (
                    <span className="payment-method__note" data-testid="cashback-note">
                      {t('payment.sheet.cashback', { percent: formatAmount(cashbackPercent, i18n.language) })}
                    </span>
                  ) : null}
                  {selectable ? null : (
                    <span className="payment-method__note payment-method__note--muted" data-testid="not-eligible-note">
                      {t(gumroadRefusal ? `payment.sheet.gumroadRefusal.${gumroadRefusal}` : 'payment.sheet.notEligible')}
                    </span>
                  )}
                </span>
              </span>
            </label>
          )
        })}
      </div>
    )
  }

  return (
    <BottomSheet
      open={open}
      title={t('payment.sheet.title')}
      closeLabel={t('payment.sheet.close')}
      onClose={onClose}
      busy={pending}
    >
      <div className="payment-sheet" data-testid="payment-sheet">
        {body}
        <button
          type="button"
          className="primary-button payment-sheet__pay"
          data-testid="payment-button"
          disabled={selected === null || pending}
          aria-busy={pending}
          onClick={() => {
            if (selected !== null) onPay(selected)
          }}
        >
          {t(pending ? 'payment.sheet.paying' : 'payment.sheet.pay')}
        </button>
      </div>
    </BottomSheet>
  )
}
