import { act } from '@testing-library/react'

/** Two taps that both land before React re-renders, as a quick double tap does on a slow phone. */
export function doubleTap(element: HTMLElement): void {
  act(() => {
    element.click()
    element.click()
  })
}
