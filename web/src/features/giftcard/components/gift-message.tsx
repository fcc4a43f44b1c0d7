import { useTranslation } from 'react-i18next'
import type { GiftMessageKey } from '../domain/gift-card'

/** A gift-flow message; the login redirect is shown as good news, not as an error [ER-43]. */
export function GiftMessage({ messageKey }: { messageKey: GiftMessageKey }) {
  const { t } = useTranslation()
  const success = messageKey === 'giftcard.errors.userIdRequired'
  return (
    <p
      className={`gift-message gift-message--${success ? 'success' : 'error'}`}
      role={success ? 'status' : 'alert'}
      data-testid="gift-message"
    >
      {t(messageKey)}
    </p>
  )
}
