import { useId, type KeyboardEvent, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { cardKindOf, showsEconomyBadge, showsPrice } from '../domain/card-kind'
import type { Product } from '../types'
import { PriceTag } from './price-tag'

interface ProductCardProps {
  product: Product
  selected: boolean
  focusable: boolean
  economyBadgeFlag: boolean
  banner?: boolean
  onSelect: (product: Product) => void
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void
  ref?: Ref<HTMLButtonElement>
}

/** One selectable product of select-package-c, drawn by its card kind [PM-04…PM-07]. */
export function ProductCard({
  product,
  selected,
  focusable,
  economyBadgeFlag,
  banner = false,
  onSelect,
  onKeyDown,
  ref,
}: ProductCardProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const priceId = useId()
  const kind = cardKindOf(product)
  const withPrice = showsPrice(kind, product)
  const badgeIcon = product.meta?.ui_component_badgeIcon
  const subProducts = product.meta?.products ?? []

  return (
    <button
      ref={ref}
      type="button"
      role="radio"
      aria-checked={selected}
      aria-labelledby={titleId}
      aria-describedby={withPrice ? priceId : undefined}
      tabIndex={focusable ? 0 : -1}
      className={[
        'product-card',
        `product-card--${kind}`,
        selected ? 'product-card--selected' : '',
        banner ? 'product-card--banner' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-testid="product-card"
      data-product-id={product.id}
      data-card-kind={kind}
      data-selected={selected}
      onClick={() => onSelect(product)}
      onKeyDown={onKeyDown}
    >
      <span className="product-card__radio" aria-hidden="true" />
      <span className="product-card__content">
        <span className="product-card__header">
          <span className="product-card__title" id={titleId}>
            {product.title}
          </span>
          {badgeIcon === 'PLUS' || badgeIcon === 'CROWN' ? (
            <span className={`product-card__badge product-card__badge--${badgeIcon.toLowerCase()}`}>
              {t(`shop.badgeIcon.${badgeIcon}`)}
            </span>
          ) : null}
          {showsEconomyBadge(product, economyBadgeFlag) ? (
            <span className="product-card__badge product-card__badge--economy" data-testid="economy-badge">
              {t('shop.economyBadge')}
            </span>
          ) : null}
        </span>
        {product.subtitle ? <span className="product-card__subtitle">{product.subtitle}</span> : null}
        {product.subtitle2 ? <span className="product-card__subtitle2">{product.subtitle2}</span> : null}
        {subProducts.length > 0 ? (
          <span className="product-card__includes">
            <span className="visually-hidden">{`${t('shop.includes')}: `}</span>
            {subProducts.map((sub, index) => (
              <span className="product-card__sub" key={`${sub.title}-${index}`} data-testid="sub-product">
                {sub.images?.logo ? <img className="product-card__sub-logo" src={sub.images.logo} alt="" /> : null}
                <span className="product-card__sub-title">{sub.title}</span>
                {sub.subtitle2 ? <span className="product-card__sub-subtitle">{sub.subtitle2}</span> : null}
              </span>
            ))}
          </span>
        ) : null}
        {withPrice ? (
          <PriceTag id={priceId} price={product.price} finalPrice={product.finalPrice} currency={product.currency} />
        ) : null}
      </span>
    </button>
  )
}
