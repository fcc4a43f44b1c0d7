import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BottomSheet } from '@/components/ui/bottom-sheet'
import { useCountries, type Country } from '../api/sign-in'
import { countryName, filterCountries, IRAN } from '../domain/countries'

interface CountryPickerProps {
  countryId: number
  onChange: (country: Country) => void
}

/** The country-code button and its searchable bottom sheet with back and confirm buttons [AU-33]. */
export function CountryPicker({ countryId, onChange }: CountryPickerProps) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  // Iran's code is known without the list: most visitors never open the picker, so the list (≈ 11 KB) is fetched
  // when the sheet opens or another country's code is to be shown, not with the landing, which must paint first.
  const countries = useCountries(open || countryId !== IRAN.id)
  const list = useMemo(() => (countries.data && countries.data.length > 0 ? countries.data : [IRAN]), [countries.data])
  const current = list.find((country) => country.id === countryId) ?? IRAN
  const [search, setSearch] = useState('')
  const [choice, setChoice] = useState(countryId)
  const groupName = useId()
  const shown = filterCountries(list, search)

  const openSheet = () => {
    setChoice(countryId)
    setSearch('')
    setOpen(true)
  }
  const confirm = () => {
    const chosen = list.find((country) => country.id === choice)
    if (chosen) onChange(chosen)
    setOpen(false)
  }

  return (
    <>
      <button
        type="button"
        className="auth-country-button"
        data-testid="country-picker-button"
        aria-label={t('auth.country.button', { code: `+${current.code}` })}
        onClick={openSheet}
      >
        <bdi dir="ltr">+{current.code}</bdi>
      </button>
      <BottomSheet open={open} title={t('auth.country.title')} closeLabel={t('auth.country.back')} onClose={() => setOpen(false)}>
        <input
          type="search"
          className="auth-input"
          data-testid="country-search"
          aria-label={t('auth.country.search')}
          placeholder={t('auth.country.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {shown.length === 0 ? (
          <p className="auth-country-empty" data-testid="country-empty" role="status">
            {t('auth.country.empty')}
          </p>
        ) : (
          <fieldset className="auth-country-list">
            <legend className="visually-hidden">{t('auth.country.title')}</legend>
            {shown.map((country, index) => (
              <label
                key={`${country.id}-${country.code}-${index}`}
                className="auth-country-option"
                data-testid="country-option"
                data-country-id={country.id}
              >
                <input
                  type="radio"
                  name={groupName}
                  checked={choice === country.id}
                  onChange={() => setChoice(country.id)}
                />
                <span className="auth-country-option__name">{countryName(country, i18n.language)}</span>
                <bdi dir="ltr" className="auth-country-option__code">
                  +{country.code}
                </bdi>
              </label>
            ))}
          </fieldset>
        )}
        <button type="button" className="auth-button" data-testid="country-confirm" onClick={confirm}>
          {t('auth.country.confirm')}
        </button>
      </BottomSheet>
    </>
  )
}
