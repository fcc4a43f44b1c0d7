import { useQuery } from '@tanstack/react-query'
import { useIsLoggedIn } from '@/components/hooks/use-is-logged-in'
import { currentUserQueryOptions, isForeignMobile } from '@/lib/auth'
import { storedMobileIsForeign } from '../api/get-customer'
import { wizardConfigQueryOptions } from '../api/get-wizard-config'
import { DEFAULT_CONFIG_ID, wizardConfigId } from '../domain/config-id'
import type { WizardConfig } from '../types'

/** The package fetch states of page f (spec 2 §4): IDLE until the config id is known. */
export type PackageFetchState = 'IDLE' | 'PENDING' | 'SUCCEED' | 'FAILED'

/** Foreign or not: the signed-in customer's mobile from the server, else the number stored at sign-in; null while unknown. */
function useForeignCustomer(): boolean | null {
  const loggedIn = useIsLoggedIn()
  const customer = useQuery({ ...currentUserQueryOptions(), enabled: loggedIn })
  if (!loggedIn || customer.isError) return storedMobileIsForeign()
  return customer.isSuccess ? isForeignMobile(customer.data.mobile) : null
}

export type WizardConfigResult =
  | { state: 'SUCCEED'; configId: string; config: WizardConfig }
  | { state: 'FAILED'; retry: () => void }
  | { state: 'IDLE' | 'PENDING' }

/** The wizard configuration for the query's `configId`, mapped for foreign customers [RG-44…RG-46]. */
export function useWizardConfig(requestedId: string | null): WizardConfigResult {
  const foreign = useForeignCustomer()
  const configId = foreign === null ? null : wizardConfigId(requestedId, foreign)
  const query = useQuery({ ...wizardConfigQueryOptions(configId ?? DEFAULT_CONFIG_ID), enabled: configId !== null })
  if (configId !== null && query.isSuccess) return { state: 'SUCCEED', configId, config: query.data }
  if (query.isError) return { state: 'FAILED', retry: () => void query.refetch() }
  return { state: query.fetchStatus === 'fetching' ? 'PENDING' : 'IDLE' }
}
