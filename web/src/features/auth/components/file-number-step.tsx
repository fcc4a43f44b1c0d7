import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { toLatinDigits } from '@/lib/digits'
import { IRAN_COUNTRY_ID, sanitiseMobileInput } from '../domain/mobile'
import { lazyCheck } from '../domain/lazy-check'
import { useStepForm } from '../hooks/use-step-form'
import { FieldError, ServerError, type ServerFailure } from './field-error'
import { SubmitButton } from './submit-button'
import { MobileInput } from './mobile-input'

interface FileNumberStepProps {
  headingId: string
  initialMobile: string
  error: ServerFailure | null
  onSubmit: (mobileNumber: string, profileNumber: string) => Promise<void>
}

/** /login-with-file-number: an Iranian mobile and the file (profile) number; a code follows. */
export function FileNumberStep({ headingId, initialMobile, error, onSubmit }: FileNumberStepProps) {
  const { t } = useTranslation()
  const mobileErrorId = useId()
  const fileErrorId = useId()
  const { field, inputRef, handleSubmit, dirty, valid, submitting } = useStepForm({
    defaults: { mobileNumber: initialMobile, profileNumber: '' },
    check: lazyCheck(({ fileNumberSchema }) => fileNumberSchema(IRAN_COUNTRY_ID)),
    focus: 'mobileNumber',
  })
  const mobileNumber = field('mobileNumber')
  const profileNumber = field('profileNumber')
  const submit = handleSubmit(async ({ mobileNumber, profileNumber }) =>
    onSubmit(sanitiseMobileInput(mobileNumber, IRAN_COUNTRY_ID), toLatinDigits(profileNumber).trim()),
  )

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="auth-heading">
        {t('auth.fileNumber.heading')}
      </h2>
      <MobileInput inputRef={inputRef} field={mobileNumber} errorId={mobileErrorId} countryId={IRAN_COUNTRY_ID} />
      <FieldError id={mobileErrorId} message={mobileNumber.error} />
      <input
        ref={inputRef}
        name={profileNumber.name}
        value={profileNumber.value}
        onChange={(event) => profileNumber.onChange(event.target.value)}
        className="auth-input auth-input--ltr"
        data-testid="file-number-input"
        inputMode="numeric"
        dir="ltr"
        aria-label={t('auth.fileNumber.label')}
        aria-invalid={profileNumber.invalid}
        aria-describedby={profileNumber.error ? fileErrorId : undefined}
      />
      <FieldError id={fileErrorId} message={profileNumber.error} />
      <ServerError failure={error} />
      <SubmitButton label={t('auth.fileNumber.submit')} ready={dirty && valid} pending={submitting} />
    </form>
  )
}
