import { useTranslation } from 'react-i18next'
import { formatPrice, TOMAN } from '@/lib/money'

/** Formats toman amounts in the page's language with the locale's currency label [PR-01]. */
export function useFormatPrice() {
  const { t, i18n } = useTranslation()
  return (amount: number, currency?: string | null) =>
    formatPrice(amount, !currency || currency === TOMAN ? t('money.currency') : currency, i18n.language)
}
