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

/** The server error area under the form [ER-06]. */
export function ServerError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p className="auth-server-error" data-testid="auth-error" role="alert">
      {message}
    </p>
  )
}
