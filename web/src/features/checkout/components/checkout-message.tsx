import { useTranslation } from 'react-i18next'
import type { CheckoutMessage } from '../domain/messages'

interface MessageProps {
  message: CheckoutMessage
  tone: 'success' | 'info' | 'error'
  testId: string
}

/** A result under a checkout control: an i18n text of the checkout (and why, when given) or a BFF sentence. */
export function CheckoutNote({ message, tone, testId }: MessageProps) {
  const { t } = useTranslation()
  return (
    <p
      className={`checkout-note checkout-note--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {'key' in message ? t(message.key) : message.text}
      {'key' in message && message.reasonKey ? (
        <span className="checkout-note__reason" data-testid={`${testId}-reason`}>
          {t(message.reasonKey)}
        </span>
      ) : null}
    </p>
  )
}
