import { useMutation, useQuery } from '@tanstack/react-query'
import { toApiError, type ApiError } from '@/lib/api'
import { clearToken, createAuthenticatedClient } from '@/lib/auth'
import { NEED_LOGIN_FIRST, type PackagesInfo } from './domain'

/**
 * The flow's calls. A sign-in the server refuses (NEED_LOGIN_FIRST, renewal refused too) is not a trip to sign in:
 * the page stays and says why, its payment auth marked invalid [ER-55].
 */
const packagesApi = createAuthenticatedClient({ onRefused: 'return' })

/** The call's failure. NEED_LOGIN_FIRST also forgets the refused sign-in: the page's payment auth is invalid [ER-55]. */
function failureOf(error: unknown, response: Response): ApiError {
  const failure = toApiError(error, response)
  if (failure.code === NEED_LOGIN_FIRST) clearToken()
  return failure
}

/**
 * The packages info of the flow the customer is in: a new package, or the next one of a running diet. The plain call
 * with `orExtend` answers the extend info at once (its `flow` says which), so no visit is refused with
 * EXTEND_DIET_FOUND to learn it [DS-31].
 */
async function loadPackages(): Promise<PackagesInfo> {
  const { data, error, response } = await packagesApi.GET('/diet/package-infos', {
    params: { query: { orExtend: true } },
  })
  if (data === undefined) throw failureOf(error, response)
  return data
}

/** The packages info query (states PENDING, SUCCESS, FAILED of spec 3 §4); not retried, its error has a text. */
export function usePackagesInfo() {
  return useQuery({ queryKey: ['older-packages'], queryFn: loadPackages, retry: false })
}

export interface Selection {
  dietCount: number
  hasHami: boolean
  hasPoints: boolean
  extend: boolean
}

const PACKAGE_TYPE = 'NORMAL'

/** `POST /diet/select-package`, or the extend variant (without packageType) for a running diet [DS-32]. */
async function selectPackage({ extend, ...choice }: Selection) {
  const { data, error, response } = extend
    ? await packagesApi.POST('/diets/extend/select-package', { body: choice })
    : await packagesApi.POST('/diet/select-package', { body: { ...choice, packageType: PACKAGE_TYPE } })
  if (data === undefined) throw failureOf(error, response)
  return data
}

/** Order creation of the older flow: pending, saved, error (spec 3 §4). */
export function useSelectPackage() {
  return useMutation({ mutationFn: selectPackage })
}

function formData(fields: Record<string, string | number>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value))
  return data
}

/** `POST /promotionusage` (multipart): status SAVED with the used discount's id and the new invoice. */
async function applyPromotion({ code, orderId }: { code: string; orderId: number }) {
  const { data, error, response } = await packagesApi.POST('/promotionusage', {
    body: { code, orderId },
    bodySerializer: formData,
  })
  if (data === undefined) throw failureOf(error, response)
  return data
}

/** `POST /cancelpromotion` (multipart): status CANCELED with the restored invoice. */
async function cancelPromotion(usedDiscountId: number) {
  const { data, error, response } = await packagesApi.POST('/cancelpromotion', {
    body: { usedDiscountId },
    bodySerializer: formData,
  })
  if (data === undefined) throw failureOf(error, response)
  return data
}

/** Discount states unSaved, pending, saved, error; cancelling answers CANCELED (spec 3 §4). */
export function usePromotionForm() {
  return { apply: useMutation({ mutationFn: applyPromotion }), cancel: useMutation({ mutationFn: cancelPromotion }) }
}
