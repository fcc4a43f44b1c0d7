import { useId, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Country } from '../api/sign-in'
import { sanitiseMobileInput } from '../domain/mobile'
import type { MobileForm } from '../domain/schemas'
import { useFocusField } from '../hooks/use-focus-field'
import { CountryPicker } from './country-picker'
import { FieldError, ServerError, type ServerFailure } from './field-error'
import { lazyZodResolver } from './lazy-resolver'
import { SubmitButton } from './submit-button'
import { MobileInput } from './mobile-input'

interface MobileStepProps {
  headingId: string
  initialMobile: string
  initialCountryId: number
  initialDialCode: string
  error: ServerFailure | null
  onSubmit: (mobileNumber: string, country: Pick<Country, 'id' | 'code'>) => Promise<void>
}

/** ENTER_MOBILE: country code, mobile number, submit [AU-02, AU-23…AU-29, AU-33]. */
export function MobileStep({ headingId, initialMobile, initialCountryId, initialDialCode, error, onSubmit }: MobileStepProps) {
  const { t } = useTranslation()
  const [country, setCountry] = useState<Pick<Country, 'id' | 'code'>>({ id: initialCountryId, code: initialDialCode })
  const countryRef = useRef(country.id)
  const errorId = useId()
  const form = useForm<MobileForm>({
    mode: 'onChange',
    defaultValues: { mobileNumber: initialMobile },
    resolver: (values, context, options) =>
      lazyZodResolver<MobileForm>((zodResolver, { mobileSchema }) => zodResolver(mobileSchema(countryRef.current)))(
        values,
        context,
        options,
      ),
  })
  useFocusField(form, 'mobileNumber')
  const { isDirty, isValid, isSubmitting } = form.formState
  const touched = isDirty || initialMobile !== ''

  const changeCountry = (next: Country) => {
    countryRef.current = next.id
    setCountry({ id: next.id, code: next.code })
    const value = form.getValues('mobileNumber')
    form.setValue('mobileNumber', sanitiseMobileInput(value, next.id), { shouldValidate: value !== '' })
  }

  const submit = form.handleSubmit(async ({ mobileNumber }) => {
    await onSubmit(sanitiseMobileInput(mobileNumber, country.id), country)
  })

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="auth-heading">
        {t('auth.mobile.heading')}
      </h2>
      <p className="auth-hint">{t('auth.mobile.hint')}</p>
      <div className="auth-mobile-row" dir="ltr">
        <CountryPicker countryId={country.id} onChange={changeCountry} />
        <Controller
          control={form.control}
          name="mobileNumber"
          render={({ field: { ref, ...field }, fieldState }) => (
            <MobileInput
              {...field}
              inputRef={ref}
              invalid={fieldState.invalid}
              describedBy={fieldState.error ? errorId : undefined}
              countryId={country.id}
            />
          )}
        />
      </div>
      <FieldError id={errorId} message={form.formState.errors.mobileNumber?.message} />
      <ServerError failure={error} />
      <SubmitButton label={t('auth.mobile.submit')} ready={touched && isValid} pending={isSubmitting} />
    </form>
  )
}
