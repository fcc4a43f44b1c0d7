import { describe, expect, it } from 'vitest'
import { physicalInfoState } from './physical-info'

describe('physical info [DS-30]', () => {
  it.each([[{}], [{ physicalInfo: {} }], [null]])('an empty msg %j is NO_DATA', (msg) => {
    expect(physicalInfoState(msg)).toEqual({ kind: 'NO_DATA' })
  })

  it('keeps the figures the profile gave', () => {
    expect(physicalInfoState({ physicalInfo: { weight: 72, stature: 165 } })).toEqual({
      kind: 'DATA',
      info: { weight: 72, stature: 165 },
    })
  })
})
