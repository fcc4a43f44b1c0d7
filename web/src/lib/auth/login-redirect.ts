/**
 * Where the 401 handler sends a visitor who is not logged in [RG-49]: `/enter?next={current hash, encoded}`.
 * The hash router keeps its address in `window.location.hash`, so the handler reads the actual location.
 */
export function currentHashPath(): string {
  const hash = window.location.hash.replace(/^#/, '')
  return hash === '' ? '/' : hash
}

export function loginPathFor(next: string): string {
  return `/enter?next=${encodeURIComponent(next)}`
}

type Navigate = (path: string) => void

let navigateTo: Navigate = (path) => {
  window.location.hash = `#${path}`
}

/** The app may route through its router instead of assigning the hash (tests use a memory router). */
export function setLoginNavigator(navigate: Navigate): () => void {
  const previous = navigateTo
  navigateTo = navigate
  return () => {
    navigateTo = previous
  }
}

export function goToLogin(): void {
  navigateTo(loginPathFor(currentHashPath()))
}
