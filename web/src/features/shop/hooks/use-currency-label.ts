import { useTranslation } from 'react-i18next'
import { TOMAN } from '@/lib/money'

/** The label for a product's currency: the locale's toman label unless the product names another currency [PR-01]. */
export function useCurrencyLabel() {
  const { t } = useTranslation()
  return (currency?: string | null) => (!currency || currency === TOMAN ? t('money.currency') : currency)
}
