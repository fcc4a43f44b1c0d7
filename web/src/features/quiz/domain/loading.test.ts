import { describe, expect, it } from 'vitest'
import { ANALYSIS_TOTAL_MS, BETTERME_PHASE_STARTS, bettermePhaseAt } from './loading'

describe('loading timings [QN-49, QN-51]', () => {
  it('betterme: four texts of 1.75 s, a blank 1.75 s, ready for 2 s, then the result', () => {
    expect(bettermePhaseAt(0)).toEqual({ kind: 'text', index: 0 })
    expect(bettermePhaseAt(1749)).toEqual({ kind: 'text', index: 0 })
    expect(bettermePhaseAt(1750)).toEqual({ kind: 'text', index: 1 })
    expect(bettermePhaseAt(6999)).toEqual({ kind: 'text', index: 3 })
    expect(bettermePhaseAt(7000)).toEqual({ kind: 'blank' })
    expect(bettermePhaseAt(8750)).toEqual({ kind: 'ready' })
    expect(bettermePhaseAt(10749)).toEqual({ kind: 'ready' })
    expect(bettermePhaseAt(10750)).toEqual({ kind: 'done' })
    expect(BETTERME_PHASE_STARTS.map((start) => bettermePhaseAt(start).kind)).toEqual([
      'text', 'text', 'text', 'text', 'blank', 'ready', 'done',
    ])
  })

  it('analysis: seven messages of 1.25 s', () => {
    expect(ANALYSIS_TOTAL_MS).toBe(8750)
  })
})
