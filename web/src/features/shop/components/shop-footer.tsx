import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FooterTotal } from '@/components/ui/footer-total'
import { formatPrice } from '@/lib/money'
import { useCurrencyLabel } from '@/components/hooks/use-format-price'

export interface FooterButton {
  label: string
  /** data-action of the button, for tests. */
  action: string
  busy?: boolean
  onClick: () => void
}

interface ShopFooterProps {
  total: number
  currency?: string | null
  /** No button when nothing is selected [PM-12]. */
  button?: FooterButton
  /** The support-chat opener: in the footer, where it covers nothing of the page. */
  supportChat?: ReactNode
}

/** The fixed footer of the select pages: the payable total with its currency [PR-13] and the action button. */
export function ShopFooter({ total, currency, button, supportChat }: ShopFooterProps) {
  const { t, i18n } = useTranslation()
  const currencyLabel = useCurrencyLabel()
  return (
    <footer className="fixed-footer" data-testid="shop-footer">
      <FooterTotal
        label={t('shop.footer.total')}
        amount={formatPrice(total, currencyLabel(currency), i18n.language)}
        testId="footer-total"
      />
      {supportChat}
      {button ? (
        <button
          type="button"
          className="primary-button shop-footer__button"
          data-testid="footer-button"
          data-action={button.action}
          aria-busy={button.busy || undefined}
          disabled={button.busy}
          onClick={button.onClick}
        >
          {button.label}
        </button>
      ) : null}
    </footer>
  )
}
