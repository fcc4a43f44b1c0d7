import { useTranslation } from 'react-i18next'

interface CheckoutErrorSectionProps {
  /** A payment-redirect message shown instead of the standard texts. */
  redirectMessage?: string | null
  onRetry: () => void
}

/** The checkout error section [ER-20]: 'خطا رخ داده است!' and its advice, or the redirect message, with 'تلاش مجدد'. */
export function CheckoutErrorSection({ redirectMessage, onRetry }: CheckoutErrorSectionProps) {
  const { t } = useTranslation()
  return (
    <section className="checkout-error" role="alert" data-testid="checkout-error">
      {redirectMessage ? (
        <p className="checkout-error__body">{redirectMessage}</p>
      ) : (
        <>
          <h2 className="checkout-error__title">{t('checkout.errors.sectionTitle')}</h2>
          <p className="checkout-error__body">{t('checkout.errors.sectionBody')}</p>
        </>
      )}
      <button type="button" className="checkout-error__retry" data-testid="checkout-retry" onClick={onRetry}>
        {t('checkout.errors.retry')}
      </button>
    </section>
  )
}
