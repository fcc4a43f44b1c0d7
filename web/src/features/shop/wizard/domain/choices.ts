import { readSetting, writeSetting } from '@/config/flags'

/** Session storage key of the wizard's choices: page number → chosen product id (spec 2 §3 "Storage keys"). */
export const CART_ITEMS_KEY = 'sPFCartItems'

/**
 * The choice of each page, keyed by page number (a string, as stored): a product id, or null where the customer went
 * on without the add-on of an optional page.
 */
export type PageChoice = number | null

export type Choices = Readonly<Record<string, PageChoice>>

const PAGE_NUMBER = /^[1-9]\d*$/

/** The stored choices; anything unreadable (not JSON, a non-page key, neither an integer id nor null) is left out. */
export function parseChoices(raw: string | null): Choices {
  if (raw === null) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return {}
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, PageChoice] =>
        PAGE_NUMBER.test(entry[0]) && (entry[1] === null || Number.isSafeInteger(entry[1])),
    ),
  )
}

export function readChoices(): Choices {
  return parseChoices(readSetting(CART_ITEMS_KEY))
}

export function writeChoices(choices: Choices): void {
  writeSetting(CART_ITEMS_KEY, JSON.stringify(choices))
}

/** Choosing on a page stores the choice for that page and drops the choices of later pages (spec 2 §4). */
export function chooseOnPage(choices: Choices, page: number, choice: PageChoice): Choices {
  const kept = Object.entries(choices).filter(([stored]) => Number(stored) < page)
  return Object.fromEntries([...kept, [String(page), choice]])
}

/** The choices of the pages before `page`: the only ones its showIf conditions may look at. */
export function choicesBefore(choices: Choices, page: number): Choices {
  return Object.fromEntries(Object.entries(choices).filter(([stored]) => Number(stored) < page))
}

/** Whether every page before `page` has a stored choice; otherwise the wizard restarts at page 1 [RG-43]. */
export function hasEarlierChoices(choices: Choices, page: number): boolean {
  for (let earlier = 1; earlier < page; earlier++) if (choices[String(earlier)] === undefined) return false
  return true
}

/** The chosen product ids in page order: the products of the order (a declined add-on adds none). */
export function chosenProductIds(choices: Choices): number[] {
  return Object.entries(choices)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([, choice]) => (choice === null ? [] : [choice]))
}
