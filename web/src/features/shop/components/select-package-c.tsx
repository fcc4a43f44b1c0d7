import { useCallback, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { settings } from '@/config/flags'
import { paths } from '@/config/paths'
import { productsRequestFromSettings, useProducts } from '../api/get-products'
import { cartReducer, emptyCart } from '../domain/cart'
import { defaultCartItem, splitFeatured } from '../domain/default-cart-item'
import { footerActionFor, type FooterAction } from '../domain/footer-action'
import type { Product } from '../types'
import { AdditionalProductsSheet } from './additional-products-sheet'
import { ProductCard } from './product-card'
import { PurchaseStepper } from './purchase-stepper'
import { ShopFooter } from './shop-footer'
import '../shop.css'

/** Session settings the page reads once when it opens. */
function readPageSettings() {
  return {
    request: productsRequestFromSettings(),
    showStepper: settings.isGlnPackage() || settings.isUserPanelPackage(),
    returningUser: settings.isUserPanelPackage(),
    showTopBanner: settings.showTopBanner(),
    konkurLanding: settings.landing() === 'KONKUR',
    economyBadgeFlag: settings.oneDietEconomyBadge(),
  }
}

/** select-package-c: the flat product list (spec 2 §2). */
export function SelectPackageCPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [page] = useState(readPageSettings)
  const products = useProducts(page.request)
  const [cart, dispatch] = useReducer(cartReducer, emptyCart)
  const [additionalOpen, setAdditionalOpen] = useState(false)

  const list = useMemo(() => products.data ?? [], [products.data])
  const shown = page.konkurLanding ? list.slice(0, 1) : list
  const { featured, others } = splitFeatured(shown)
  const ordered = [...featured, ...others]

  const selected: Product | undefined =
    (cart.selectedId !== null ? list.find((product) => product.id === cart.selectedId) : undefined) ??
    (page.konkurLanding ? shown[0] : defaultCartItem(list))
  const action = footerActionFor(selected)

  const select = useCallback((product: Product) => dispatch({ type: 'select', product }), [])

  const cardRefs = useRef(new Map<number, HTMLButtonElement>())
  const onCardKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowLeft' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowRight' ? -1 : 0
    if (step === 0 || ordered.length === 0) return
    event.preventDefault()
    const next = ordered[(index + step + ordered.length) % ordered.length]
    if (!next) return
    select(next)
    cardRefs.current.get(next.id)?.focus()
  }

  const onFooterAction = (footerAction: FooterAction) => {
    switch (footerAction.kind) {
      case 'chooseGift':
      case 'category':
        void navigate(footerAction.to)
        return
      case 'additionalProducts':
        setAdditionalOpen(true)
        return
      case 'completePurchase':
        void navigate(paths.checkoutNew)
        return
      case 'none':
        return
    }
  }

  const renderCard = (product: Product, banner = false) => {
    const index = ordered.indexOf(product)
    return (
      <ProductCard
        key={product.id}
        ref={(element) => {
          if (element) cardRefs.current.set(product.id, element)
          else cardRefs.current.delete(product.id)
        }}
        product={product}
        selected={product.id === selected?.id}
        focusable={product.id === selected?.id}
        economyBadgeFlag={page.economyBadgeFlag}
        banner={banner}
        onSelect={select}
        onKeyDown={onCardKeyDown(index)}
      />
    )
  }

  let body
  if (products.isPending) {
    body = (
      <p className="shop-state" role="status" data-testid="products-loading">
        {t('shop.loading')}
      </p>
    )
  } else if (products.isError) {
    body = (
      <p className="shop-state shop-state--error" role="alert" data-testid="products-error">
        {t('shop.error')}
      </p>
    )
  } else if (list.length === 0) {
    body = (
      <p className="shop-state" role="status" data-testid="products-empty">
        {t('shop.empty')}
      </p>
    )
  } else if (page.konkurLanding) {
    body = (
      <div className="shop-products" role="radiogroup" aria-labelledby="shop-heading" data-testid="konkur-banner">
        {shown[0] ? renderCard(shown[0], true) : null}
      </div>
    )
  } else {
    body = (
      <div className="shop-products" role="radiogroup" aria-labelledby="shop-heading">
        {featured.length > 0 ? (
          <section className="shop-products__group" aria-label={t('shop.featured')} data-testid="featured-products">
            {featured.map((product) => renderCard(product))}
          </section>
        ) : null}
        {others.length > 0 ? (
          <section className="shop-products__group" aria-label={t('shop.allProducts')} data-testid="default-products">
            {others.map((product) => renderCard(product))}
          </section>
        ) : null}
      </div>
    )
  }

  return (
    <div className="select-package-c">
      {page.showStepper ? <PurchaseStepper returningUser={page.returningUser} /> : null}
      {page.showTopBanner ? (
        <div className="shop-top-banner" data-testid="top-banner">
          {t('shop.topBanner')}
        </div>
      ) : null}
      <h1 className="shop-heading" id="shop-heading">
        {t('shop.heading')}
      </h1>
      {body}
      {products.isSuccess && list.length > 0 ? (
        <ShopFooter selected={selected} action={action} onAction={onFooterAction} />
      ) : null}
      <AdditionalProductsSheet
        open={additionalOpen}
        onClose={() => setAdditionalOpen(false)}
        onComplete={() => {
          setAdditionalOpen(false)
          void navigate(paths.checkoutNew)
        }}
      />
    </div>
  )
}
