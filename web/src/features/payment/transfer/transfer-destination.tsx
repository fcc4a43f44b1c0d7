import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '@/lib/api'
import { localDigits } from '@/lib/digits'
import { formatUsdCents } from '@/lib/money'
import { useFormatPrice } from '@/components/hooks/use-format-price'
import type { TransferGateway } from './transfer-form'
import { cardBlocks, useTransferInstructions } from './transfer-instructions'

type CopyState = 'idle' | 'copied' | 'failed'

/** Copies `text` to the clipboard and says so next to the button: the customer pastes it in their bank's app. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation()
  const [state, setState] = useState<CopyState>('idle')
  const copy = () => {
    // The clipboard is missing outside secure contexts and may refuse without a user gesture: say so, never pretend.
    const write = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))
    write.then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }
  return (
    <div className="transfer-destination__copy">
      <button type="button" className="transfer-destination__copy-button" onClick={copy} data-testid="transfer-copy">
        {label}
      </button>
      <span role="status" className="transfer-destination__copied" data-testid="transfer-copied">
        {state === 'idle' ? '' : t(state === 'copied' ? 'payment.transferDestination.copied' : 'payment.transferDestination.copyFailed')}
      </span>
    </div>
  )
}

/**
 * Where to pay how much for which order, above the transfer form: the exact payable total (in toman for a card, in US
 * dollars at the configured rate for PayPal), the order number and the configured card (number in 4-digit blocks,
 * left to right, holder, bank) or PayPal account.
 */
export function TransferDestination({ gateway, orderId }: { gateway: TransferGateway; orderId: number }) {
  const { t, i18n } = useTranslation()
  const formatPrice = useFormatPrice()
  const instructions = useTransferInstructions(orderId)
  const language = i18n.language

  if (instructions.isPending) {
    return (
      <p className="status-line" role="status">
        {t('payment.transferDestination.loading')}
      </p>
    )
  }
  if (instructions.isError) {
    const failure = instructions.error
    return (
      <section className="status-line status-line--error" role="alert" data-testid="transfer-destination-error">
        <p>{failure instanceof ApiError && failure.status < 500 ? failure.message : t('payment.transferDestination.failed')}</p>
        <button type="button" className="checkout-error__retry" onClick={() => void instructions.refetch()}>
          {t('payment.transferDestination.retry')}
        </button>
      </section>
    )
  }

  const { amount, orderId: order, card, paypalAccount, paypalAmountUsdCents } = instructions.data
  const destination =
    gateway === 'C2C' ? (
      card ? (
        <>
          <dt>{t('payment.transferDestination.cardNumber')}</dt>
          <dd>
            <bdi dir="ltr" className="transfer-destination__card" data-testid="transfer-card-number">
              {localDigits(cardBlocks(card.number), language)}
            </bdi>
            <CopyButton text={card.number} label={t('payment.transferDestination.copyCard')} />
          </dd>
          <dt>{t('payment.transferDestination.holder')}</dt>
          <dd data-testid="transfer-card-holder">{card.holder}</dd>
          {card.bank ? (
            <>
              <dt>{t('payment.transferDestination.bank')}</dt>
              <dd data-testid="transfer-card-bank">{card.bank}</dd>
            </>
          ) : null}
        </>
      ) : null
    ) : paypalAccount ? (
      <>
        <dt>{t('payment.transferDestination.paypalAccount')}</dt>
        <dd>
          <bdi dir="ltr" className="transfer-destination__card" data-testid="transfer-paypal-account">
            {paypalAccount}
          </bdi>
          <CopyButton text={paypalAccount} label={t('payment.transferDestination.copyAccount')} />
        </dd>
      </>
    ) : null

  return (
    <section className="transfer-destination" data-testid="transfer-destination" aria-labelledby="transfer-destination-title">
      <h2 id="transfer-destination-title">
        {t(gateway === 'C2C' ? 'payment.transferDestination.cardTitle' : 'payment.transferDestination.paypalTitle')}
      </h2>
      <dl>
        <dt>{t('payment.transferDestination.amount')}</dt>
        <dd className="transfer-destination__amount" data-testid="transfer-amount">
          {gateway === 'C2C' ? (
            formatPrice(amount)
          ) : paypalAmountUsdCents !== undefined ? (
            // PayPal moves dollars: the order's total at the configured rate (TRANSFER_PAYPAL_TOMAN_PER_USD).
            <bdi>{formatUsdCents(paypalAmountUsdCents, language)}</bdi>
          ) : (
            t('payment.transferDestination.noPaypalAmount')
          )}
        </dd>
        <dt>{t('payment.transferDestination.order')}</dt>
        <dd data-testid="transfer-order">{localDigits(order, language)}</dd>
        {destination}
      </dl>
      {destination === null ? (
        <p className="transfer-destination__missing" data-testid="transfer-destination-missing">
          {t('payment.transferDestination.notConfigured')}
        </p>
      ) : null}
    </section>
  )
}
