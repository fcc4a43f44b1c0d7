/**
 * How a laboratory value of the diet-request form reads against the spec's ranges (spec 3 §9): the blood-platelet
 * normal range [CT-16] and the borderline bands [CT-17]. Bounds are inclusive. A value below a borderline band is
 * normal and one above it is out of range: the bands are the upper edge of healthy (the spec names no lower limit).
 */

export type LabTest = 'glucose' | 'triglyceride' | 'cholesterol' | 'uricAcid' | 'platelet'

export type LabReading = 'normal' | 'borderline' | 'outOfRange'

interface Band {
  min: number
  max: number
}

/** The blood-platelet normal range per microlitre [CT-16]. */
export const PLATELET_NORMAL: Band = { min: 150_000, max: 400_000 }

/** Borderline bands [CT-17]. */
export const BORDERLINE: Record<Exclude<LabTest, 'platelet'>, Band> = {
  triglyceride: { min: 195, max: 205 },
  cholesterol: { min: 195, max: 230 },
  uricAcid: { min: 6.5, max: 7.1 },
  glucose: { min: 100, max: 115 },
}

const within = (value: number, band: Band) => band.min <= value && value <= band.max

/** The reading of a finite value; null for anything that is not a number (the form's own check reports it). */
export function readLabValue(test: LabTest, value: number): LabReading | null {
  if (!Number.isFinite(value)) return null
  if (test === 'platelet') return within(value, PLATELET_NORMAL) ? 'normal' : 'outOfRange'
  const band = BORDERLINE[test]
  if (value < band.min) return 'normal'
  return value <= band.max ? 'borderline' : 'outOfRange'
}
