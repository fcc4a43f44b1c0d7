import { useCallback, useMemo, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { readSetting, settings } from '@/config/flags'
import { withQuery } from '@/config/paths'
import { isLoggedIn } from '@/lib/auth'
import { useConfirmOrder, type OrderMeta } from '../api/create-order'
import { productsRequestFromSettings, useProducts } from '../api/get-products'
import { backActionFor } from '../domain/back-action'
import { cartReducer, cartTotal, emptyCart, orderProductIds } from '../domain/cart'
import { defaultCartItem, splitFeatured } from '../domain/default-cart-item'
import { footerActionFor } from '../domain/footer-action'
import { partnerBundleLayout } from '../domain/partner-bundle'
import { useOverlayParam } from '../hooks/use-overlay-param'
import type { Product } from '../types'
import { AdditionalProductsSheet } from './additional-products-sheet'
import { DescriptionSheet } from './description-sheet'
import { NetworkErrorSection } from './network-error-section'
import { ProductCard } from './product-card'
import { ProductListStatus } from './product-list-status'
import { PurchaseStepper } from './purchase-stepper'
import { ShopFooter, type FooterButton } from './shop-footer'
import { SocialProofToast } from './social-proof-toast'
import { SupportChat } from './support-chat'
import '../shop.css'

/** Query keys a failed guard call leaves on the page [RG-24]; their presence shows the network-error section [ER-17]. */
const GUARD_ERROR_KEYS = ['errorCode', 'errorMessage'] as const

/** Session settings the page reads once when it opens. */
function readPageSettings() {
  const glnPackage = settings.isGlnPackage()
  const userPanelPackage = settings.isUserPanelPackage()
  return {
    request: productsRequestFromSettings(),
    showStepper: glnPackage || userPanelPackage,
    returningUser: userPanelPackage,
    back: backActionFor({ glnPackage, userPanelPackage }),
    showTopBanner: settings.showTopBanner(),
    konkurLanding: settings.landing() === 'KONKUR',
    economyBadgeFlag: settings.oneDietEconomyBadge(),
    partnerLayout: partnerBundleLayout(readSetting('partnerBundleDesign')),
    selectCOrFTest: readSetting('selectCOrFTest'),
  }
}

const footerLabelKey = {
  chooseGift: 'shop.footer.chooseGift',
  category: 'shop.footer.continue',
  additionalProducts: 'shop.footer.continue',
  completePurchase: 'shop.footer.complete',
} as const

/** select-package-c: the flat product list (spec 2 §2). */
export function SelectPackageCPage({ creditOffers }: { creditOffers?: ReactNode }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const [page] = useState(readPageSettings)
  const products = useProducts(page.request)
  const [cart, dispatch] = useReducer(cartReducer, emptyCart)
  const [additionalOpen, setAdditionalOpen] = useState(false)
  const [describedProduct, setDescribedProduct] = useState<Product | null>(null)
  const descriptionPopup = useOverlayParam('popup')
  const order = useConfirmOrder(`${location.pathname}${location.search}`)

  const list = useMemo(() => products.data ?? [], [products.data])
  const shown = page.konkurLanding ? list.slice(0, 1) : list
  const { featured, others } = splitFeatured(shown)
  const ordered = [...featured, ...others]

  const selected: Product | undefined =
    (cart.selectedId !== null ? list.find((product) => product.id === cart.selectedId) : undefined) ??
    (page.konkurLanding ? shown[0] : defaultCartItem(list))
  const action = footerActionFor(selected)
  const guardFailed = isLoggedIn() && GUARD_ERROR_KEYS.some((key) => searchParams.has(key))

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

  const placeOrder = (product: Product, additional: Product | null) => {
    const meta: OrderMeta = { SPV: 'C', ...(page.selectCOrFTest ? { selectCOrFTest: page.selectCOrFTest } : {}) }
    order.confirm({ productIds: orderProductIds(product, additional), meta })
  }

  const onFooterAction = () => {
    switch (action.kind) {
      case 'chooseGift':
      case 'category':
        void navigate(action.to)
        return
      case 'additionalProducts':
        order.retry()
        setAdditionalOpen(true)
        return
      case 'completePurchase':
        if (selected) placeOrder(selected, null)
        return
      case 'none':
        return
    }
  }

  /** Takes the add-on out of the cart; only one that is there, as removing an unlisted product is refused [ER-65]. */
  const removeAdditional = () => {
    if (cart.additional) dispatch({ type: 'remove', productId: cart.additional.id })
  }

  // Closing the additional-products popup clears the add-on [PM-17].
  const closeAdditional = () => {
    setAdditionalOpen(false)
    removeAdditional()
    order.retry()
  }

  const showDescription = (product: Product) => {
    setDescribedProduct(product)
    descriptionPopup.open()
  }
  const closeDescription = () => {
    setDescribedProduct(null)
    descriptionPopup.close()
  }

  // ER-18: drop the error keys and load the page again, guard calls and catalogue included.
  const retryAfterGuardError = () => {
    const query = new URLSearchParams(searchParams)
    for (const key of GUARD_ERROR_KEYS) query.delete(key)
    void navigate(withQuery(location.pathname, query), { replace: true })
    void products.refetch()
  }

  const goBack = () => {
    if (page.back.kind === 'history') void navigate(-1)
    else if (page.back.kind === 'navigate') void navigate(page.back.to)
  }

  const renderCard = (product: Product, banner = false) => {
    const index = ordered.indexOf(product)
    return (
      <ProductCard
        key={product.id}
        buttonRef={(element) => {
          if (element) cardRefs.current.set(product.id, element)
          else cardRefs.current.delete(product.id)
        }}
        product={product}
        selected={product.id === selected?.id}
        focusable={product.id === selected?.id}
        economyBadgeFlag={page.economyBadgeFlag}
        banner={banner}
        partnerLayout={page.partnerLayout}
        onSelect={select}
        onShowDescription={showDescription}
        onKeyDown={onCardKeyDown(index)}
      />
    )
  }

  const orderFailed = order.state === 'FAIL'
  const orderErrorSection = orderFailed ? <NetworkErrorSection onRetry={order.retry} /> : null

  let body
  if (guardFailed) {
    body = <NetworkErrorSection onRetry={retryAfterGuardError} />
  } else if (products.isPending || products.isError || list.length === 0) {
    body = <ProductListStatus pending={products.isPending} failed={products.isError} onRetry={() => void products.refetch()} />
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

  const footerButton: FooterButton | undefined =
    action.kind === 'none'
      ? undefined
      : {
          label: t(footerLabelKey[action.kind]),
          action: action.kind,
          busy: action.kind === 'completePurchase' && order.state === 'PENDING',
          onClick: onFooterAction,
        }

  return (
    <div className="select-package-c">
      <SocialProofToast />
      {page.showStepper ? <PurchaseStepper returningUser={page.returningUser} /> : null}
      {page.showTopBanner ? (
        <div className="shop-top-banner" data-testid="top-banner">
          {t('shop.topBanner')}
        </div>
      ) : null}
      <div className="shop-heading-row">
        {page.back.kind === 'none' ? null : (
          <button type="button" className="shop-back" data-testid="select-package-back" onClick={goBack}>
            <span aria-hidden="true">→</span> {t('shop.back')}
          </button>
        )}
        <h1 className="page-title" id="shop-heading">
          {t('shop.heading')}
        </h1>
      </div>
      {additionalOpen ? null : orderErrorSection}
      {body}
      <aside className="shop-notices">
        <p className="shop-notices__reserve" data-testid="reserve-notice">
          {t('shop.reserveNotice')}
        </p>
        {creditOffers}
      </aside>
      {products.isSuccess && list.length > 0 && !guardFailed ? (
        <ShopFooter
          total={cartTotal(selected, cart.additional)}
          currency={selected?.currency}
          button={footerButton}
          supportChat={<SupportChat />}
        />
      ) : null}
      {selected ? (
        <AdditionalProductsSheet
          open={additionalOpen}
          selected={selected}
          additional={cart.additional}
          onAddAdditional={(product) => dispatch({ type: 'addAdditional', product })}
          onRemoveAdditional={removeAdditional}
          onClose={closeAdditional}
          onComplete={() => placeOrder(selected, cart.additional)}
          completing={order.state === 'PENDING'}
          orderError={orderErrorSection}
        />
      ) : null}
      <DescriptionSheet product={descriptionPopup.isOpen ? describedProduct : null} onClose={closeDescription} />
    </div>
  )
}
