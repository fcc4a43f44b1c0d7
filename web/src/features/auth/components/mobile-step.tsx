import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Country } from '../api/sign-in'
import { sanitiseMobileInput } from '../domain/mobile'
import { lazyCheck } from '../domain/lazy-check'
import { useStepForm } from '../hooks/use-step-form'
import { CountryPicker } from './country-picker'
import { FieldError, ServerError, type ServerFailure } from './field-error'
import { SubmitButton } from './submit-button'
import { MobileInput } from './mobile-input'

const checkMobile = (countryId: number) => lazyCheck(({ mobileSchema }) => mobileSchema(countryId))

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
  const { field, inputRef, getValue, setValue, handleSubmit, dirty, valid, submitting } = useStepForm({
    defaults: { mobileNumber: initialMobile },
    check: (values) => checkMobile(countryRef.current)(values),
    focus: 'mobileNumber',
  })
  const mobileNumber = field('mobileNumber')
  const touched = dirty || initialMobile !== ''

  const changeCountry = (next: Country) => {
    countryRef.current = next.id
    setCountry({ id: next.id, code: next.code })
    const value = getValue('mobileNumber')
    setValue('mobileNumber', sanitiseMobileInput(value, next.id), value !== '')
  }

  const submit = handleSubmit(async ({ mobileNumber }) => {
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
        <MobileInput inputRef={inputRef} field={mobileNumber} errorId={errorId} countryId={country.id} />
      </div>
      <FieldError id={errorId} message={mobileNumber.error} />
      <ServerError failure={error} />
      <SubmitButton label={t('auth.mobile.submit')} ready={touched && valid} pending={submitting} />
    </form>
  )
}
