import { toLatinDigits } from '@/lib/digits'
import type { Country } from '../api/sign-in'
import { IRAN_COUNTRY_ID } from './mobile'

/** Used until the list arrives (and if it cannot be loaded): Iran, prefix 98 [AU-32]. */
export const IRAN: Country = {
  id: IRAN_COUNTRY_ID,
  code: '98',
  min: 6,
  max: 10,
  name: 'ایران',
  nameEn: 'Iran',
  nameTr: 'İran',
  iso2: 'IR',
  iso3: 'IRN',
}

/** The country's name in the page's language: Turkish on a Turkish screen, Persian otherwise. */
export function countryName(country: Country, language: string): string {
  return language === 'tr' ? country.nameTr : country.name
}

/** Countries whose Persian, Turkish or English name, dial code or ISO code contains the search text. */
export function filterCountries(countries: readonly Country[], search: string): Country[] {
  const needle = toLatinDigits(search).trim().replace(/^\+/, '').toLowerCase()
  if (needle === '') return [...countries]
  return countries.filter((country) =>
    [country.name, country.nameTr, country.nameEn, country.code, country.iso2, country.iso3].some((text) =>
      String(text ?? '').toLowerCase().includes(needle),
    ),
  )
}
