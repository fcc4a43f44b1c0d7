import { paths, withQuery } from '@/config/paths'
import { hasEarlierChoices, type Choices } from './choices'

/** What the wizard does with a requested page id (spec 2 §2 "Page-number rules"). */
export type PageDecision =
  | { kind: 'show'; page: number }
  /** RG-41: the id is not a number. */
  | { kind: 'notANumber' }
  /** RG-42: below 1, or beyond the number of configured pages. */
  | { kind: 'outOfRange' }
  /** RG-43: an earlier page has no stored choice. */
  | { kind: 'missingEarlierChoice' }

const DIGITS = /^\d+$/

/**
 * The decision for `id` given the stored choices; `pageCount` once the configuration is known (the out-of-range
 * rule beyond the last page needs it).
 */
export function pageDecision(id: string | undefined, choices: Choices, pageCount?: number): PageDecision {
  if (id === undefined || !DIGITS.test(id)) return { kind: 'notANumber' }
  const page = Number(id)
  if (page < 1 || (pageCount !== undefined && page > pageCount)) return { kind: 'outOfRange' }
  if (!hasEarlierChoices(choices, page)) return { kind: 'missingEarlierChoice' }
  return { kind: 'show', page }
}

/** Page 1 with the current query; a non-numeric id adds the extra `x=x` [RG-41, RG-42, RG-43]. */
export function firstPageAddress(decision: Exclude<PageDecision, { kind: 'show' }>, search: URLSearchParams): string {
  const query = new URLSearchParams(search)
  if (decision.kind === 'notANumber') query.set('x', 'x')
  return withQuery(paths.selectPackageF(1), query)
}
