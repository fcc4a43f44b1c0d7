import { useId, type KeyboardEvent, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '@/lib/digits'
import { shownTexts } from '@/lib/product-texts'
import { cardKindOf, packageMonths, showsEconomyBadge, showsPrice } from '../domain/card-kind'
import { isPartnerBundle, type PartnerBundleLayout } from '../domain/partner-bundle'
import type { Product } from '../types'
import { PriceTag } from './price-tag'
import { SubProducts } from './sub-products'

interface ProductCardProps {
  product: Product
  selected: boolean
  focusable: boolean
  economyBadgeFlag: boolean
  banner?: boolean
  /** Layout of a partner bundle's contents [PM-08]. */
  partnerLayout?: PartnerBundleLayout
  onSelect: (product: Product) => void
  /** Opens the description popup; the link shows only for a product with a description [PM-09]. */
  onShowDescription?: (product: Product) => void
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void
  /** The card's button, for keyboard focus. */
  buttonRef?: Ref<HTMLButtonElement>
}

/** One selectable product of select-package-c, drawn by its card kind [PM-04…PM-07]. */
export function ProductCard({
  product,
  selected,
  focusable,
  economyBadgeFlag,
  banner = false,
  partnerLayout = 'A',
  onSelect,
  onShowDescription,
  onKeyDown,
  buttonRef,
}: ProductCardProps) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const priceId = useId()
  const kind = cardKindOf(product)
  const withPrice = showsPrice(kind, product)
  const badgeIcon = product.meta?.ui_component_badgeIcon
  const subProducts = product.meta?.products ?? []
  const layout = isPartnerBundle(product) ? partnerLayout : undefined
  const withDescription = Boolean(product.description) && onShowDescription !== undefined
  const months = packageMonths(product)
  const texts = shownTexts(product, i18n.language)

  // The description link is a sibling of the radio card: a button inside a button is not allowed.
  return (
    <div className={withDescription ? 'product-card-item product-card-item--described' : 'product-card-item'}>
      <button
        ref={buttonRef}
        type="button"
        role="radio"
        aria-checked={selected}
        aria-labelledby={titleId}
        aria-describedby={withPrice ? priceId : undefined}
        tabIndex={focusable ? 0 : -1}
        className={[
          'choice-card',
          'product-card',
          `product-card--${kind}`,
          selected ? 'choice-card--selected' : '',
          banner ? 'product-card--banner' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        data-testid="product-card"
        data-product-id={product.id}
        data-card-kind={kind}
        data-selected={selected}
        data-layout={layout}
        onClick={() => onSelect(product)}
        onKeyDown={onKeyDown}
      >
        <span className="choice-card__radio" aria-hidden="true" />
        <span className="choice-card__content">
          <span className="product-card__header">
            <span className="product-card__title" id={titleId}>
              {texts.title}
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
          {months !== null ? (
            <span className="product-card__duration" data-testid="package-duration">
              {t('shop.duration', { months: formatNumber(months, i18n.language) })}
            </span>
          ) : null}
          {texts.subtitle ? <span className="product-card__subtitle">{texts.subtitle}</span> : null}
          {texts.subtitle2 ? <span className="product-card__subtitle2">{texts.subtitle2}</span> : null}
          {subProducts.length > 0 ? <SubProducts products={subProducts} layout={layout ?? 'A'} /> : null}
          {withPrice ? (
            <PriceTag id={priceId} price={product.price} finalPrice={product.finalPrice} currency={product.currency} />
          ) : null}
        </span>
      </button>
      {withDescription ? (
        <button
          type="button"
          className="product-card__description-link"
          data-testid="description-link"
          aria-label={`${t('shop.description.open')}: ${texts.title}`}
          onClick={() => onShowDescription?.(product)}
        >
          {t('shop.description.open')}
        </button>
      ) : null}
    </div>
  )
}
