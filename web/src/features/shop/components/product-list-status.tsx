import { useTranslation } from 'react-i18next'

interface ProductListStatusProps {
  pending: boolean
  failed: boolean
}

/** What stands in place of a product list that is loading, could not be read, or is empty. */
export function ProductListStatus({ pending, failed }: ProductListStatusProps) {
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
      <p className="status-line status-line--error" role="alert" data-testid="products-error">
        {t('shop.error')}
      </p>
    )
  }
  return (
    <p className="status-line" role="status" data-testid="products-empty">
      {t('shop.empty')}
    </p>
  )
}
