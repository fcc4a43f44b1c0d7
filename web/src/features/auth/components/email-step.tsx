import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyCheck } from '../domain/lazy-check'
import { useStepForm } from '../hooks/use-step-form'
import { FieldError, ServerError, type ServerFailure } from './field-error'
import { SubmitButton } from './submit-button'

interface EmailStepProps {
  headingId: string
  initialEmail: string
  error: ServerFailure | null
  onSubmit: (email: string) => Promise<void>
}

/** ENTER_EMAIL: the e-mail that receives the registration code [AU-07, AU-31]. */
export function EmailStep({ headingId, initialEmail, error, onSubmit }: EmailStepProps) {
  const { t } = useTranslation()
  const errorId = useId()
  const { field, inputRef, handleSubmit, dirty, valid, submitting } = useStepForm({
    defaults: { email: initialEmail },
    check: lazyCheck(({ emailSchema }) => emailSchema),
    focus: 'email',
  })
  const email = field('email')
  const submit = handleSubmit(async (values) => onSubmit(values.email.trim()))

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="auth-heading">
        {t('auth.email.heading')}
      </h2>
      <p className="auth-hint">{t('auth.email.hint')}</p>
      <input
        ref={inputRef}
        name={email.name}
        value={email.value}
        onChange={(event) => email.onChange(event.target.value)}
        className="auth-input auth-input--ltr"
        data-testid="email-input"
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        aria-label={t('auth.email.label')}
        aria-invalid={email.invalid}
        aria-describedby={email.error ? errorId : undefined}
      />
      <FieldError id={errorId} message={email.error} />
      <ServerError failure={error} />
      <SubmitButton label={t('auth.email.submit')} ready={(dirty || initialEmail !== '') && valid} pending={submitting} />
    </form>
  )
}
