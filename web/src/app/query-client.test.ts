import { MutationObserver, onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client'

describe('createQueryClient', () => {
  afterEach(() => onlineManager.setOnline(true))

  it('runs an action taken offline at once, so its failure reaches the screen instead of a pause', async () => {
    onlineManager.setOnline(false)
    const client = createQueryClient()
    const action = new MutationObserver(client, {
      mutationFn: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await expect(action.mutate()).rejects.toThrow('Failed to fetch')
    expect(action.getCurrentResult().isPaused).toBe(false)
  })
})
