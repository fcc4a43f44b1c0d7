import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/env'
import { isChunkLoadError, loadChunk } from './chunk-load'

describe('loading a screen chunk [ER-11]', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits 120 seconds by default (spec 1 §9)', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000)
  })

  it('raises ChunkLoadError when the chunk has not arrived after 120 s, and not a moment before', async () => {
    const settled = vi.fn<(outcome: unknown) => void>()
    const loading = loadChunk(() => new Promise<never>(() => {}))
    loading.then(settled, settled)
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    const failure: unknown = settled.mock.calls[0]?.[0]
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).name).toBe('ChunkLoadError')
    expect(isChunkLoadError(failure)).toBe(true)
  })

  it('raises ChunkLoadError at once when the import fails, keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module')
    const failure: unknown = await loadChunk(() => Promise.reject(cause)).catch((error: unknown) => error)
    expect(isChunkLoadError(failure)).toBe(true)
    expect((failure as Error).cause).toBe(cause)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('hands over the module when it arrives in time', async () => {
    const module = { Page: 'page' }
    const loading = loadChunk(() => new Promise((resolve) => setTimeout(() => resolve(module), 119_000)))
    await vi.advanceTimersByTimeAsync(119_000)
    await expect(loading).resolves.toBe(module)
    expect(vi.getTimerCount()).toBe(0)
  })
})
