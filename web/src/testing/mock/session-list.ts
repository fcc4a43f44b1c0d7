/**
 * A list kept in the tab's session storage: mock mode remembers what the visitor did (an order paid, a gift
 * redeemed) across reloads. Whatever else is stored under the key reads as nothing.
 */
export function sessionList<T>(key: string, isItem: (value: unknown) => value is T) {
  const read = (): T[] => {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(key) ?? '[]')
    return Array.isArray(stored) ? stored.filter(isItem) : []
  }
  const add = (item: T): void => window.sessionStorage.setItem(key, JSON.stringify([...read(), item]))
  return { read, add }
}

export const isNumber = (value: unknown): value is number => typeof value === 'number'
