import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useSingleFlight } from './use-single-flight'

/** A promise the test settles by hand. */
function deferred() {
  let resolve: () => void = () => {}
  let reject: (reason: Error) => void = () => {}
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

describe('useSingleFlight', () => {
  it('ignores a second run while the first is in flight, then runs again once it has settled', async () => {
    const { result } = renderHook(() => useSingleFlight())
    const first = deferred()
    const action = vi.fn<() => Promise<void>>(() => first.promise)
    result.current(action)
    result.current(action)
    expect(action).toHaveBeenCalledTimes(1)
    first.resolve()
    await vi.waitFor(() => {
      result.current(action)
      expect(action).toHaveBeenCalledTimes(2)
    })
  })

  it('runs again after a failed action, whose rejection it drops (the action reported it)', async () => {
    const { result } = renderHook(() => useSingleFlight())
    const first = deferred()
    const action = vi.fn<() => Promise<void>>(() => first.promise)
    result.current(action)
    first.reject(new Error('refused'))
    await vi.waitFor(() => {
      result.current(action)
      expect(action).toHaveBeenCalledTimes(2)
    })
  })
})
