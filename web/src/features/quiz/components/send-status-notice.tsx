import { useTranslation } from 'react-i18next'
import { useSendStatus } from '../hooks/use-send-status'

/** Tells the visitor when answers wait for the network, or the server refused them [ER-51, ER-53]. */
export function SendStatusNotice() {
  const { t } = useTranslation()
  const status = useSendStatus()
  if (status.state === 'kept') {
    return (
      <p className="quiz-notice" role="status" data-testid="send-status" data-state="kept" data-code={status.code}>
        {t('quiz.send.kept')}
      </p>
    )
  }
  if (status.state === 'rejected') {
    return (
      <div
        className="quiz-notice quiz-notice--error"
        role="alert"
        data-testid="send-status"
        data-state="rejected"
        data-code={status.code}
      >
        <p>{t('quiz.send.rejected')}</p>
        {status.messages.length > 0 ? (
          <ul>
            {status.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
    )
  }
  return null
}
