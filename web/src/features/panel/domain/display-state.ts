export { displayState, type DisplayState } from '@/lib/diet-status'

/**
 * Requesting a new diet is possible when no diet was issued or the package has no diets left to issue [DS-22]; the
 * button shows only for an expired package or one close to expiry [DS-23].
 */
export function offersNewDiet(diet: { status: string; dietNumber?: string; canExtend?: boolean }): boolean {
  const available = diet.dietNumber === undefined || diet.canExtend !== true
  return available && (diet.status === 'EXPIRED' || diet.status === 'CLOSE_TO_EXPIRE')
}

/** Where answering the diet questions starts: the detailed form's first section, or its last once saved. */
export function questionsPath(status: string): string {
  return status === 'SIB_DIET_ERROR' ? '/form/f10' : '/form/f1'
}
