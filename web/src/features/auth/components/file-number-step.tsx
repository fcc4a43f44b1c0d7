import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toLatinDigits } from '@/lib/digits'
import { IRAN_COUNTRY_ID, sanitiseMobileInput } from '../domain/mobile'
import type { FileNumberForm } from '../domain/schemas'
import { useFocusField } from '../hooks/use-focus-field'
import { FieldError, ServerError, type ServerFailure } from './field-error'
import { SubmitButton } from './submit-button'
import { MobileInput } from './mobile-input'
import { lazyZodResolver } from './lazy-resolver'

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
  const form = useForm<FileNumberForm>({
    mode: 'onChange',
    defaultValues: { mobileNumber: initialMobile, profileNumber: '' },
    resolver: lazyZodResolver((zodResolver, { fileNumberSchema }) => zodResolver(fileNumberSchema(IRAN_COUNTRY_ID))),
  })
  useFocusField(form, 'mobileNumber')
  const { isDirty, isValid, isSubmitting, errors } = form.formState
  const submit = form.handleSubmit(async ({ mobileNumber, profileNumber }) =>
    onSubmit(sanitiseMobileInput(mobileNumber, IRAN_COUNTRY_ID), toLatinDigits(profileNumber).trim()),
  )

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="auth-heading">
        {t('auth.fileNumber.heading')}
      </h2>
      <Controller
        control={form.control}
        name="mobileNumber"
        render={({ field: { ref, ...field }, fieldState }) => (
          <MobileInput
            {...field}
            inputRef={ref}
            invalid={fieldState.invalid}
            describedBy={fieldState.error ? mobileErrorId : undefined}
            countryId={IRAN_COUNTRY_ID}
          />
        )}
      />
      <FieldError id={mobileErrorId} message={errors.mobileNumber?.message} />
      <input
        {...form.register('profileNumber')}
        className="auth-input auth-input--ltr"
        data-testid="file-number-input"
        inputMode="numeric"
        dir="ltr"
        aria-label={t('auth.fileNumber.label')}
        aria-invalid={errors.profileNumber ? true : false}
        aria-describedby={errors.profileNumber ? fileErrorId : undefined}
      />
      <FieldError id={fileErrorId} message={errors.profileNumber?.message} />
      <ServerError failure={error} />
      <SubmitButton label={t('auth.fileNumber.submit')} ready={isDirty && isValid} pending={isSubmitting} />
    </form>
  )
}
