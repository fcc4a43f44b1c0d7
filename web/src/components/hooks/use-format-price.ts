import { useTranslation } from 'react-i18next'
import { formatPrice, TOMAN } from '@/lib/money'

/** The label of a price's currency: the page language's toman label unless the product names another currency [PR-01]. */
export function useCurrencyLabel() {
  const { t } = useTranslation()
  return (currency?: string | null) => (!currency || currency === TOMAN ? t('money.currency') : currency)
}

/** Formats toman amounts in the page language's digits with its currency label ("تومان", "Toman") [PR-01]. */
export function useFormatPrice() {
  const { i18n } = useTranslation()
  const label = useCurrencyLabel()
  return (amount: number, currency?: string | null) => formatPrice(amount, label(currency), i18n.language)
}
