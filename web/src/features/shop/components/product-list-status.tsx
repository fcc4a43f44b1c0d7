import { useTranslation } from 'react-i18next'

interface ProductListStatusProps {
  pending: boolean
  failed: boolean
  /** Reads the list again after a failure: a phone's lost request must not leave a dead end. */
  onRetry: () => void
}

/** What stands in place of a product list that is loading, could not be read (with a retry), or is empty. */
export function ProductListStatus({ pending, failed, onRetry }: ProductListStatusProps) {
  const { t } = useTranslation()
  if (pending) {
    return (
      <p className="status-line" role="status" data-testid="products-loading">
        {t('shop.loading')}
      </p>
    )
  }
  if (failed) {
    return (
      <div className="status-line status-line--error" role="alert" data-testid="products-error">
        <p>{t('shop.error')}</p>
        <button type="button" className="network-error__retry" data-testid="products-retry" onClick={onRetry}>
          {t('shop.networkError.retry')}
        </button>
      </div>
    )
  }
  return (
    <p className="status-line" role="status" data-testid="products-empty">
      {t('shop.empty')}
    </p>
  )
}
