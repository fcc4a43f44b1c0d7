import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/env'

/** A screen's code (an asset chunk) that failed to load or did not arrive in time [ER-11]. */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ChunkLoadError'
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === 'ChunkLoadError'
}

/**
 * Runs `load` (a dynamic import) and settles with it, except that a failure, or no answer within the time-out
 * (120 s, spec 1 §9), rejects with ChunkLoadError [ER-11].
 */
export function loadChunk<M>(load: () => Promise<M>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    )
    load().then(
      (module) => {
        clearTimeout(timer)
        resolve(module)
      },
      (cause: unknown) => {
        clearTimeout(timer)
        const reason = cause instanceof Error ? cause.message : String(cause)
        reject(new ChunkLoadError(`Loading chunk failed: ${reason}`, { cause }))
      },
    )
  })
}
