import { useTranslation } from 'react-i18next'

/** The empty orders or reserve list, also shown when the list failed to load [ER-50]. */
export function EmptyList() {
  const { t } = useTranslation()
  return (
    <p className="orders-page__empty" data-testid="orders-empty">
      {t('orders.empty')}
    </p>
  )
}
