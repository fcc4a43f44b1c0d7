import { useTranslation } from 'react-i18next'
import { localDigits } from '@/lib/digits'
import { useFormatPrice } from '@/components/hooks/use-format-price'
import { formatDay } from '@/lib/dates'
import { shownTexts } from '@/lib/product-texts'
import { usePaidOrders } from '../api/orders'
import { REFUND_MESSAGES } from '../domain/refunds'
import { EmptyList } from './empty-list'
import '../orders.css'

/**
 * `/orders-history` ("سفارش‌های شما"): the customer's paid orders, newest first [PM-69]; a failed load shows the empty
 * list [ER-50]. Each order shows what the customer paid (`totalPrice`: after codes, points and gift cards, the amount
 * the gateway took) and the points spent. Under an order, one line per payment of it whose money goes or went back (a
 * duplicate payment): queued for finance, given back by the gateway, or paid back by finance.
 */
export function OrdersHistoryPage() {
  const { t, i18n } = useTranslation()
  const formatPrice = useFormatPrice()
  const orders = usePaidOrders()
  const language = i18n.language
  return (
    <section className="orders-page" data-testid="orders-history">
      <h1 className="page-title">{t('orders.historyTitle')}</h1>
      {orders.isPending ? (
        <p className="orders-page__loading">{t('orders.loading')}</p>
      ) : orders.isError || orders.data.length === 0 ? (
        <EmptyList />
      ) : (
        <ul className="orders-page__list">
          {orders.data.map((order) => (
            <li key={order.id} className="order-card" data-testid="order-row" data-order-id={order.id}>
              <h2 className="order-card__title" data-testid="order-title">
                {order.basketItems.map((item) => shownTexts(item, language).title).join(language === 'fa' ? '، ' : ', ')}
              </h2>
              <p>{t('orders.orderNumber', { id: localDigits(order.id, language) })}</p>
              <p>{t('orders.date', { date: formatDay(order.createdAt, language) })}</p>
              {order.totalDiscount > 0 ? (
                <p>{t('orders.discount', { amount: formatPrice(order.totalDiscount) })}</p>
              ) : null}
              {order.userPointDeduction > 0 ? (
                <p>{t('orders.points', { amount: formatPrice(order.userPointDeduction) })}</p>
              ) : null}
              <p className="order-card__amount" data-testid="order-paid">
                {t('orders.paid', { amount: formatPrice(order.totalPrice) })}
              </p>
              {order.refunds.length > 0 ? (
                <ul className="order-card__refunds">
                  {order.refunds.map((refund) => (
                    <li
                      key={refund.paymentId}
                      className={`order-card__refund order-card__refund--${refund.status.toLowerCase()}`}
                      data-testid="order-refund"
                      data-status={refund.status}
                    >
                      {t(REFUND_MESSAGES[refund.status], {
                        amount: formatPrice(refund.amount),
                      })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
