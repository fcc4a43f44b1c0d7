import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { controlledValue } from '@/components/ui/controlled-value'
import { IRAN_COUNTRY_ID, IRAN_MOBILE_MAX_LENGTH, sanitiseMobileInput } from '../domain/mobile'

interface MobileInputProps {
  /** The input element, for the form library's focus; a named prop, as the built app's Preact passes no `ref` prop. */
  inputRef: Ref<HTMLInputElement>
  name: string
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  invalid: boolean
  /** The id of the error message shown for the field, when there is one. */
  describedBy: string | undefined
  countryId: number
}

/** The mobile-number field of the sign-in steps: digits converted and the 0 dropped as typed [AU-23, AU-28, AU-29]. */
export function MobileInput({ inputRef, name, value, onChange, onBlur, invalid, describedBy, countryId }: MobileInputProps) {
  const { t } = useTranslation()
  const iran = countryId === IRAN_COUNTRY_ID
  return (
    <input
      ref={inputRef}
      name={name}
      className="auth-input auth-input--ltr"
      data-testid="mobile-input"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      dir="ltr"
      aria-label={t('auth.mobile.label')}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      placeholder={iran ? '9*********' : undefined}
      data-max-length={iran ? IRAN_MOBILE_MAX_LENGTH : undefined}
      value={value}
      onChange={(event) => onChange(controlledValue(event.target, sanitiseMobileInput(event.target.value, countryId)))}
      onBlur={onBlur}
    />
  )
}
