import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BottomSheet } from '@/components/ui/bottom-sheet'
import { formatPrice } from '@/lib/money'
import { useMentorProducts } from '../api/get-mentor-products'
import { cartTotal } from '../domain/cart'
import { mentorFor } from '../domain/mentor'
import { useCurrencyLabel } from '@/components/hooks/use-format-price'
import type { Product } from '../types'
import { MentorSwitch } from './mentor-switch'

type AddOnMessage = 'addFailed' | 'unavailable'

interface AdditionalProductsSheetProps {
  open: boolean
  selected: Product
  /** The add-on in the cart (the mentor product), if any. */
  additional: Product | null
  onAddAdditional: (product: Product) => void
  onRemoveAdditional: () => void
  /** Closing clears the add-on [PM-17]; the page does that. */
  onClose: () => void
  onComplete: () => void
  completing: boolean
  /** The order-failure section, shown here while the popup is open [ER-19]. */
  orderError?: ReactNode
}

/**
 * The additional-products popup 'ادامه خرید' opens for a mentor-allowed product [PM-15]: the mentor switch adds the
 * mentor product of the same count as an ADDITIONAL cart item and removes it again [PM-18, PM-19]. The mentor list is
 * fetched when the popup opens; turning the switch on shows ER-38 when that fetch failed and ER-39 when no mentor
 * product matches.
 */
export function AdditionalProductsSheet({
  open,
  selected,
  additional,
  onAddAdditional,
  onRemoveAdditional,
  onClose,
  onComplete,
  completing,
  orderError,
}: AdditionalProductsSheetProps) {
  const { t, i18n } = useTranslation()
  const currencyLabel = useCurrencyLabel()
  const mentors = useMentorProducts(open)
  const [message, setMessage] = useState<AddOnMessage | null>(null)
  const mentor = mentors.data ? mentorFor(selected, mentors.data) : undefined

  const toggle = (on: boolean) => {
    setMessage(null)
    if (!on) {
      onRemoveAdditional()
      return
    }
    if (mentors.isError) setMessage('addFailed')
    else if (mentor) onAddAdditional(mentor)
    else if (mentors.isSuccess) setMessage('unavailable')
  }

  const close = () => {
    setMessage(null)
    onClose()
  }

  return (
    <BottomSheet open={open} title={t('shop.additional.title')} closeLabel={t('shop.additional.close')} onClose={close}>
      <div className="additional-products" data-testid="additional-products">
        <p className="additional-products__body">{t('shop.additional.body')}</p>
        <MentorSwitch checked={additional !== null} mentor={mentor} busy={mentors.isPending} onToggle={toggle} />
        {message ? (
          <p
            className="additional-products__message"
            role="alert"
            data-testid="mentor-message"
            data-message={message}
            lang={message === 'unavailable' ? 'en' : undefined}
            dir={message === 'unavailable' ? 'ltr' : undefined}
          >
            {t(`shop.mentor.${message}`)}
          </p>
        ) : null}
        {orderError}
        <div className="additional-products__total">
          <span>{t('shop.additional.total')}</span>
          <strong data-testid="additional-total">
            {formatPrice(cartTotal(selected, additional), currencyLabel(selected.currency), i18n.language)}
          </strong>
        </div>
        <button
          type="button"
          className="primary-button shop-footer__button"
          data-testid="additional-complete"
          aria-busy={completing || undefined}
          disabled={completing}
          onClick={onComplete}
        >
          {t('shop.additional.complete')}
        </button>
      </div>
    </BottomSheet>
  )
}
