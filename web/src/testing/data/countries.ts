/** A few entries of the BFF's country list (about 240 in the real one). */
export function countries() {
  return [
    { id: 1, code: '98', min: 6, max: 10, name: 'ایران', nameEn: 'Iran', nameTr: 'İran', iso2: 'IR', iso3: 'IRN' },
    { id: 220, code: '90', min: 10, max: 10, name: 'ترکیه', nameEn: 'Turkey', nameTr: 'Türkiye', iso2: 'TR', iso3: 'TUR' },
    { id: 5, code: '93', min: 9, max: 9, name: 'افغانستان', nameEn: 'Afghanistan', nameTr: 'Afganistan', iso2: 'AF', iso3: 'AFG' },
    { id: 9, code: '49', min: 6, max: 13, name: 'آلمان', nameEn: 'Germany', nameTr: 'Almanya', iso2: 'DE', iso3: 'DEU' },
  ]
}
