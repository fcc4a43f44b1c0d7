import { useTranslation } from 'react-i18next'
import { formatPrice } from '@/lib/money'
import type { FooterAction } from '../domain/footer-action'
import type { Product } from '../types'
import { useCurrencyLabel } from '../hooks/use-currency-label'

interface ShopFooterProps {
  selected: Product | undefined
  action: FooterAction
  onAction: (action: FooterAction) => void
}

const buttonLabelKey = {
  chooseGift: 'shop.footer.chooseGift',
  category: 'shop.footer.continue',
  additionalProducts: 'shop.footer.continue',
  completePurchase: 'shop.footer.complete',
} as const

/** The fixed footer: payable total with currency [PR-13] and the button for the selection [PM-12…PM-16]. */
export function ShopFooter({ selected, action, onAction }: ShopFooterProps) {
  const { t, i18n } = useTranslation()
  const currencyLabel = useCurrencyLabel()
  const total = selected?.finalPrice ?? 0
  return (
    <footer className="shop-footer" data-testid="shop-footer">
      <div className="shop-footer__total">
        <span className="shop-footer__total-label">{t('shop.footer.total')}</span>
        <strong className="shop-footer__total-value" data-testid="footer-total">
          {formatPrice(total, currencyLabel(selected?.currency), i18n.language)}
        </strong>
      </div>
      {action.kind === 'none' ? null : (
        <button
          type="button"
          className="shop-footer__button"
          data-testid="footer-button"
          data-action={action.kind}
          onClick={() => onAction(action)}
        >
          {t(buttonLabelKey[action.kind])}
        </button>
      )}
    </footer>
  )
}
