import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { EmailForm } from '../domain/schemas'
import { useFocusField } from '../hooks/use-focus-field'
import { FieldError, ServerError, type ServerFailure } from './field-error'
import { SubmitButton } from './submit-button'
import { lazyZodResolver } from './lazy-resolver'

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
  const form = useForm<EmailForm>({
    mode: 'onChange',
    defaultValues: { email: initialEmail },
    resolver: lazyZodResolver((zodResolver, { emailSchema }) => zodResolver(emailSchema)),
  })
  useFocusField(form, 'email')
  const { isDirty, isValid, isSubmitting, errors } = form.formState
  const submit = form.handleSubmit(async ({ email }) => onSubmit(email.trim()))

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="auth-heading">
        {t('auth.email.heading')}
      </h2>
      <p className="auth-hint">{t('auth.email.hint')}</p>
      <input
        {...form.register('email')}
        className="auth-input auth-input--ltr"
        data-testid="email-input"
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        aria-label={t('auth.email.label')}
        aria-invalid={errors.email ? true : false}
        aria-describedby={errors.email ? errorId : undefined}
      />
      <FieldError id={errorId} message={errors.email?.message} />
      <ServerError failure={error} />
      <SubmitButton label={t('auth.email.submit')} ready={(isDirty || initialEmail !== '') && isValid} pending={isSubmitting} />
    </form>
  )
}
