import { ApiError } from '@/lib/api'

/** The error code a customer who is not a franchise member gets from the franchise calls [ER-54]. */
export const NOT_FRANCHIZER = 'NOT_FRANCHIZER'

/**
 * `isFranchizer` (spec 3 §4 "Franchise"): true once the franchise points load, false on `NOT_FRANCHIZER`, unknown
 * (undefined) while loading or after any other failure [DS-28, ER-54].
 */
export function isFranchizer(loaded: boolean, error: unknown): boolean | undefined {
  if (loaded) return true
  if (error instanceof ApiError && error.code === NOT_FRANCHIZER) return false
  return undefined
}
