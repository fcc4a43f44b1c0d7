import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FooterTotal } from '@/components/ui/footer-total'
import type { CheckoutFooterAction } from '../domain/footer-action'
import { useFormatPrice } from '@/components/hooks/use-format-price'
import type { Invoice } from '../types'

interface CheckoutFooterProps {
  invoice: Invoice | undefined
  action: CheckoutFooterAction
  pending: boolean
  onAction: (action: CheckoutFooterAction) => void
  /** The support-chat opener: in the footer, where it covers nothing of the page. */
  supportChat?: ReactNode
}

const labelKey = {
  choosePaymentMethod: 'checkout.footer.choosePaymentMethod',
  finalize: 'checkout.footer.finalize',
  viewPaidOrder: 'checkout.footer.viewPaidOrder',
} as const

/** The fixed footer: payable amount and 'انتخاب روش پرداخت' or 'تایید نهایی پرداخت' [PR-07…PR-09]. */
export function CheckoutFooter({ invoice, action, pending, onAction, supportChat }: CheckoutFooterProps) {
  const { t } = useTranslation()
  const formatPrice = useFormatPrice()
  return (
    <footer className="fixed-footer" data-testid="checkout-footer">
      {invoice ? (
        <FooterTotal
          label={t('checkout.footer.payable')}
          amount={formatPrice(invoice.totalPrice, invoice.basketItems[0]?.currency)}
          testId="footer-payable"
        />
      ) : null}
      {supportChat}
      <button
        type="button"
        className="primary-button checkout-footer__button"
        data-testid="checkout-button"
        data-action={action.kind}
        disabled={!action.enabled || pending}
        aria-busy={pending}
        onClick={() => onAction(action)}
      >
        {t(labelKey[action.kind])}
      </button>
    </footer>
  )
}
