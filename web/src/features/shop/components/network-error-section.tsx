import { useTranslation } from 'react-i18next'

/**
 * 'خطا در اتصال به اینترنت' with a retry (spec 2 §8): shown for guard errors carried in the query [ER-17] and for a
 * failed order creation [ER-19]; the caller decides what retry does [ER-18, ER-19].
 */
export function NetworkErrorSection({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <section className="network-error" role="alert" aria-labelledby="network-error-title" data-testid="network-error">
      <h2 className="network-error__title" id="network-error-title">
        {t('shop.networkError.title')}
      </h2>
      <p className="network-error__body">{t('shop.networkError.body')}</p>
      <button type="button" className="network-error__retry" data-testid="network-error-retry" onClick={onRetry}>
        {t('shop.networkError.retry')}
      </button>
    </section>
  )
}
