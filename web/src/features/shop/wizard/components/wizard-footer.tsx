import { useTranslation } from 'react-i18next'
import { formatPrice } from '@/lib/money'
import { shownTexts } from '@/lib/product-texts'
import { useCurrencyLabel } from '@/components/hooks/use-format-price'
import type { Product } from '../../types'
import type { FooterLine } from '../domain/footer'

export type WizardFooterAction = 'next' | 'complete'

interface WizardFooterProps {
  lines: readonly FooterLine<Product>[]
  total: number | null
  action: WizardFooterAction
  disabled: boolean
  busy: boolean
  onAction: () => void
}

/**
 * Each chosen product with its final price and, with more than one, the total [PR-12]; 'مرحله بعد' to the next page,
 * 'تکمیل خرید' on the last (spec 2 §2).
 */
export function WizardFooter({ lines, total, action, disabled, busy, onAction }: WizardFooterProps) {
  const { t, i18n } = useTranslation()
  const currencyLabel = useCurrencyLabel()
  const price = (amount: number, currency?: string | null) => formatPrice(amount, currencyLabel(currency), i18n.language)
  return (
    <footer className="wizard-footer" data-testid="wizard-footer">
      {lines.length > 0 ? (
        <ul className="wizard-footer__lines" aria-label={t('wizard.chosenProducts')}>
          {lines.map(({ page, product }) => (
            <li className="wizard-footer__line" key={page} data-testid="wizard-footer-line" data-product-id={product.id}>
              <bdi className="wizard-footer__title">{shownTexts(product, i18n.language).title}</bdi>
              <span className="wizard-footer__price">{price(product.finalPrice, product.currency)}</span>
            </li>
          ))}
          {total !== null ? (
            <li className="wizard-footer__line wizard-footer__line--total" data-testid="wizard-footer-total">
              <span className="wizard-footer__title">{t('shop.footer.total')}</span>
              <strong className="wizard-footer__price">{price(total, lines[0]?.product.currency)}</strong>
            </li>
          ) : null}
        </ul>
      ) : null}
      <button
        type="button"
        className="primary-button wizard-footer__button"
        data-testid="wizard-next"
        data-action={action}
        disabled={disabled || busy}
        aria-busy={busy}
        onClick={onAction}
      >
        {action === 'next' ? t('wizard.next') : t('shop.footer.complete')}
      </button>
    </footer>
  )
}
