import { useTranslation } from 'react-i18next'
import type { components } from '@/lib/api'
import type { PartnerBundleLayout } from '../domain/partner-bundle'

type SubProduct = components['schemas']['SubProduct']

/**
 * The contents of a bundle. A partner bundle is drawn in the layout `partnerBundleDesign` names [PM-08]: A a list
 * with logos and subtitles, B a row of logo tiles, C one compact line of titles; other bundles use A.
 */
export function SubProducts({ products, layout }: { products: readonly SubProduct[]; layout: PartnerBundleLayout }) {
  const { t } = useTranslation()
  return (
    <span className={`product-card__includes product-card__includes--${layout.toLowerCase()}`} data-testid="sub-products">
      <span className="visually-hidden">{`${t('shop.includes')}: `}</span>
      {products.map((sub, index) => (
        <span className="product-card__sub" key={`${sub.title}-${index}`} data-testid="sub-product">
          {layout !== 'C' && sub.images?.logo ? <img className="product-card__sub-logo" src={sub.images.logo} alt="" /> : null}
          <span className="product-card__sub-title">{sub.title}</span>
          {layout === 'A' && sub.subtitle2 ? <span className="product-card__sub-subtitle">{sub.subtitle2}</span> : null}
        </span>
      ))}
    </span>
  )
}
