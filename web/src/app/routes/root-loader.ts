import type { LoaderFunctionArgs } from 'react-router'
import { persistQuerySettings } from '@/config/flags'

/** Copies the known query parameters (utm fields, landing, productsTag, feature flags) into session storage. */
export function rootLoader({ request }: LoaderFunctionArgs): null {
  persistQuerySettings(new URL(request.url).searchParams)
  return null
}
