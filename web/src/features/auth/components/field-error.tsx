import { useTranslation } from 'react-i18next'
import type { AuthMessageKey } from '../domain/schemas'

/** A field's validation message (the zod message is an i18n key). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation()
  if (!message) return null
  return (
    <p id={id} className="auth-field-error" data-testid="field-error" role="alert">
      {t(message as AuthMessageKey)}
    </p>
  )
}

/** A failed call as the form shows it: the catalogue's message and, for a refused code, why it was refused. */
export interface ServerFailure {
  message: string
  reason?: string
}

/** The server error area under the form [ER-06]. */
export function ServerError({ failure }: { failure: ServerFailure | null }) {
  if (!failure) return null
  return (
    <p className="auth-server-error" data-testid="auth-error" role="alert">
      {failure.message}
      {failure.reason ? (
        <span className="auth-server-error__reason" data-testid="auth-error-reason">
          {failure.reason}
        </span>
      ) : null}
    </p>
  )
}
