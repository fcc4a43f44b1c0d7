import { useTranslation } from 'react-i18next'
import { formatAmount } from '@/lib/money'
import { shownTexts } from '@/lib/product-texts'
import { discountNote, showsOriginalPrice, showsPointsLine } from '../domain/invoice'
import type { BasketItem, Invoice } from '../types'
import { useFormatPrice } from '@/components/hooks/use-format-price'

function ReceiptLine({ item }: { item: BasketItem }) {
  const { t, i18n } = useTranslation()
  const formatPrice = useFormatPrice()
  const percent = discountNote(item)
  const texts = shownTexts(item, i18n.language)
  return (
    <li className="receipt-line" data-testid="receipt-line" data-product-id={item.productId}>
      <div className="receipt-line__text">
        <bdi className="receipt-line__title">{texts.title}</bdi>
        {percent !== null ? (
          <span className="receipt-line__discount" data-testid="discount-note">
            {t('checkout.receipt.discountNote', { percent: formatAmount(percent, i18n.language) })}
          </span>
        ) : null}
        {/* The catalogue's texts keep their own direction (a Persian "۴ هفته همراهی" on a Turkish page). */}
        {texts.subtitle ? <bdi className="receipt-line__subtitle">{texts.subtitle}</bdi> : null}
        {texts.subtitle2 ? <bdi className="receipt-line__subtitle">{texts.subtitle2}</bdi> : null}
      </div>
      <div className="receipt-line__prices">
        {showsOriginalPrice(item) ? (
          <del className="receipt-line__original" data-testid="line-original-price">
            <span className="visually-hidden">{`${t('checkout.receipt.originalPrice')}: `}</span>
            {formatPrice(item.originalPrice, item.currency)}
          </del>
        ) : null}
        <span className="receipt-line__final" data-testid="line-final-price">
          <span className="visually-hidden">{`${t('checkout.receipt.finalPrice')}: `}</span>
          {formatPrice(item.finalPrice, item.currency)}
        </span>
      </div>
    </li>
  )
}

interface TotalRowProps {
  label: string
  amount: string
  testId: string
  strong?: boolean
}

function TotalRow({ label, amount, testId, strong = false }: TotalRowProps) {
  return (
    <div className={`receipt-total${strong ? ' receipt-total--strong' : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </div>
  )
}

/**
 * The receipt (spec 2 §2): basket lines, then 'جمع موارد' (total before discounts), 'استفاده از امتیاز' when points
 * are deducted, 'مجموع تخفیف:' and 'مبلغ قابل پرداخت' [PR-02…PR-06].
 */
export function Receipt({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation()
  const formatPrice = useFormatPrice()
  const currency = invoice.basketItems[0]?.currency
  return (
    <section className="receipt" aria-label={t('checkout.receipt.label')} data-testid="receipt">
      <ul className="receipt__lines">
        {invoice.basketItems.map((item) => (
          <ReceiptLine key={item.id} item={item} />
        ))}
      </ul>
      <dl className="receipt__totals">
        <TotalRow
          label={t('checkout.receipt.itemsTotal')}
          amount={formatPrice(invoice.totalOriginalPrice, currency)}
          testId="items-total"
        />
        {showsPointsLine(invoice) ? (
          <TotalRow
            label={t('checkout.receipt.points')}
            amount={formatPrice(invoice.userPointDeduction, currency)}
            testId="points-deduction"
          />
        ) : null}
        <TotalRow
          label={t('checkout.receipt.totalDiscount')}
          amount={formatPrice(invoice.totalDiscount, currency)}
          testId="total-discount"
        />
        <TotalRow
          label={t('checkout.receipt.payable')}
          amount={formatPrice(invoice.totalPrice, currency)}
          testId="payable"
          strong
        />
      </dl>
    </section>
  )
}
