import { useTranslation } from 'react-i18next'
import { formatPrice } from '@/lib/money'
import { useCurrencyLabel } from '@/components/hooks/use-format-price'

interface PriceTagProps {
  price: number
  finalPrice: number
  currency?: string | null
  id?: string
}

/** Final price with its currency; the original price struck through when it differs. */
export function PriceTag({ price, finalPrice, currency, id }: PriceTagProps) {
  const { t, i18n } = useTranslation()
  const label = useCurrencyLabel()(currency)
  return (
    <span className="price-tag" id={id} data-testid="price">
      {price !== finalPrice ? (
        <del className="price-tag__original" data-testid="price-original">
          <span className="visually-hidden">{`${t('shop.originalPrice')}: `}</span>
          {formatPrice(price, label, i18n.language)}
        </del>
      ) : null}
      <span className="price-tag__final" data-testid="price-final">
        <span className="visually-hidden">{`${t('shop.finalPrice')}: `}</span>
        {formatPrice(finalPrice, label, i18n.language)}
      </span>
    </span>
  )
}
