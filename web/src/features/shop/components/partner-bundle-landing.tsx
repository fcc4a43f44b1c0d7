import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { readSetting, settings } from '@/config/flags'
import { isLoggedIn } from '@/lib/auth'
import { useConfirmOrder } from '../api/create-order'
import { usePartnerBundles } from '../api/get-partner-bundles'
import { partnerBundleLayout } from '../domain/partner-bundle'
import { partnerLandingReturnPath } from '../domain/partner-landing'
import type { Product } from '../types'
import { NetworkErrorSection } from './network-error-section'
import { ProductCard } from './product-card'
import { ProductListStatus } from './product-list-status'
import { ShopFooter } from './shop-footer'
import '../shop.css'

const signInFirst = () => !isLoggedIn()

/**
 * /partner-bundle-landing: the partner bundles (spec 2 §7, last call) as selectable cards in the partner layout, and
 * 'خرید بسته' creating the order for the chosen one (an anonymous visitor signs in first and the order is made on
 * return) [RG-47]. The back button goes to `next`, else select-package-c with showIntro=false [RG-38].
 */
export function PartnerBundleLandingPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const [page] = useState(() => ({
    utmCampaign: settings.utmCampaign(),
    layout: partnerBundleLayout(readSetting('partnerBundleDesign')),
    returnPath: partnerLandingReturnPath(searchParams.get('next')),
  }))
  const bundles = usePartnerBundles(page.utmCampaign)
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const order = useConfirmOrder(`${location.pathname}${location.search}`, signInFirst)

  const list = bundles.data ?? []
  const selected: Product | undefined = list.find((bundle) => bundle.id === selectedId) ?? list[0]

  let body
  if (bundles.isPending || bundles.isError || list.length === 0) {
    body = <ProductListStatus pending={bundles.isPending} failed={bundles.isError} onRetry={() => void bundles.refetch()} />
  } else {
    body = (
      <div className="shop-products" role="radiogroup" aria-labelledby="partner-heading" data-testid="partner-bundles">
        {list.map((bundle) => (
          <ProductCard
            key={bundle.id}
            product={bundle}
            selected={bundle.id === selected?.id}
            focusable={bundle.id === selected?.id}
            economyBadgeFlag={false}
            partnerLayout={page.layout}
            onSelect={(product) => setSelectedId(product.id)}
          />
        ))}
      </div>
    )
  }

  return (
    <div className="select-package-c partner-bundle-landing" data-testid="partner-bundle-landing">
      <div className="shop-heading-row">
        <button
          type="button"
          className="shop-back"
          data-testid="partner-bundle-back"
          data-to={page.returnPath}
          onClick={() => void navigate(page.returnPath)}
        >
          <span aria-hidden="true">→</span> {t('shop.back')}
        </button>
        <h1 className="page-title" id="partner-heading">
          {t('shop.partnerBundles.heading')}
        </h1>
      </div>
      {order.state === 'FAIL' ? <NetworkErrorSection onRetry={order.retry} /> : null}
      {body}
      {selected ? (
        <ShopFooter
          total={selected.finalPrice}
          currency={selected.currency}
          button={{
            label: t('shop.partnerBundles.buy'),
            action: 'buyPartnerBundle',
            busy: order.state === 'PENDING',
            onClick: () => order.confirm({ productIds: [selected.id], meta: { SPV: 'C' } }),
          }}
        />
      ) : null}
    </div>
  )
}
