import { useTranslation } from 'react-i18next'
import { IRAN_COUNTRY_ID, IRAN_MOBILE_MAX_LENGTH, sanitiseMobileInput } from '../domain/mobile'
import type { StepField } from '../hooks/use-step-form'

interface MobileInputProps {
  field: StepField
  /** The form's `inputRef`, for its focus. */
  inputRef: (input: HTMLInputElement | null) => void
  /** The id of the field's error message (`FieldError`). */
  errorId: string
  countryId: number
}

/** The mobile-number field of the sign-in steps: digits converted and the 0 dropped as typed [AU-23, AU-28, AU-29]. */
export function MobileInput({ field, inputRef, errorId, countryId }: MobileInputProps) {
  const { t } = useTranslation()
  const iran = countryId === IRAN_COUNTRY_ID
  return (
    <input
      ref={inputRef}
      name={field.name}
      className="auth-input auth-input--ltr"
      data-testid="mobile-input"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      dir="ltr"
      aria-label={t('auth.mobile.label')}
      aria-invalid={field.invalid}
      aria-describedby={field.error ? errorId : undefined}
      placeholder={iran ? '9*********' : undefined}
      data-max-length={iran ? IRAN_MOBILE_MAX_LENGTH : undefined}
      value={field.value}
      onChange={(event) =>
        field.onChange(sanitiseMobileInput(event.target.value, countryId))
      }
    />
  )
}
