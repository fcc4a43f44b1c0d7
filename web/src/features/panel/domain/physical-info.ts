import type { components } from '@/lib/api'

export type PhysicalInfo = components['schemas']['PhysicalInfo']

/** The physical info, or NO_DATA when the answer's msg is empty (no medical profile yet) [DS-30]. */
export type PhysicalInfoState = { kind: 'NO_DATA' } | { kind: 'DATA'; info: PhysicalInfo }

export function physicalInfoState(msg: { physicalInfo?: PhysicalInfo } | null | undefined): PhysicalInfoState {
  const info = msg?.physicalInfo
  return info === undefined || info === null || Object.keys(info).length === 0 ? { kind: 'NO_DATA' } : { kind: 'DATA', info }
}
