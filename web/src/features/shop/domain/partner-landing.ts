import { paths } from '@/config/paths'

/** The return path of /partner-bundle-landing without `next` [RG-38]. */
export const PARTNER_LANDING_DEFAULT_RETURN = `${paths.selectPackageC}?showIntro=false`

/** `next` is the return path when given; otherwise select-package-c with showIntro=false [RG-38]. */
export function partnerLandingReturnPath(next: string | null): string {
  const value = next?.trim() ?? ''
  if (value === '' || value.startsWith('//') || /^[a-z][a-z\d+.-]*:/i.test(value)) return PARTNER_LANDING_DEFAULT_RETURN
  return value.startsWith('/') ? value : `/${value}`
}
