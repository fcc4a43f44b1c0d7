import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { orderStateOf, useCreateOrder } from '../api/create-order'
import { orderMetaFromBackUrl, parseProductIds, safeBackPath } from '../domain/order-from-product-ids'
import { NetworkErrorSection } from './network-error-section'
import '../shop.css'

/** The page waits this long before creating the order (spec 2 §9) [RG-48]. */
export const CREATE_ORDER_DELAY_MS = 1000

/**
 * `/CreateOderWithProductIds/?productIds=a,b&backUrl=…` [RG-48]: after 1 s creates one order holding the ids and
 * replaces itself with /checkout-new. A failure shows the network-error section; retry waits and tries again [ER-19].
 * Without usable ids there is nothing to order: a message and a way back.
 */
export function CreateOrderWithProductIdsPage() {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const [request] = useState(() => ({
    productIds: parseProductIds(searchParams.get('productIds')),
    meta: orderMetaFromBackUrl(searchParams.get('backUrl')),
    backPath: safeBackPath(searchParams.get('backUrl'), paths.selectPackage),
  }))
  const order = useCreateOrder({ replace: true })
  const state = orderStateOf(order.status)
  const { mutate } = order
  const hasProducts = request.productIds.length > 0

  useEffect(() => {
    if (!hasProducts || state !== 'IDLE') return
    const timer = setTimeout(() => mutate({ productIds: request.productIds, meta: request.meta }), CREATE_ORDER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [hasProducts, state, mutate, request])

  let content
  if (!hasProducts) {
    content = (
      <p className="status-line status-line--error" role="alert" data-testid="create-order-invalid">
        {t('shop.order.invalidProducts')}
      </p>
    )
  } else if (state === 'FAIL') {
    content = <NetworkErrorSection onRetry={order.reset} />
  } else {
    content = (
      <p className="status-line" role="status" data-testid="create-order-pending">
        {t('shop.order.creating')}
      </p>
    )
  }

  return (
    <section className="create-order-page" data-testid="create-order-page" data-state={hasProducts ? state : 'INVALID'}>
      <h1 className="page-title">{t('screens.createOrderWithProductIds')}</h1>
      {content}
      {hasProducts && state !== 'FAIL' ? null : (
        <Link className="create-order-page__back" to={request.backPath} data-testid="create-order-back">
          {t('shop.order.backToPackages')}
        </Link>
      )}
    </section>
  )
}
