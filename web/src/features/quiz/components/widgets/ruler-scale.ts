/**
 * The ruler's arithmetic, apart from the drawing: a scale from min to max in sub-units, where a pointer or a key puts
 * the value, and where the thumb sits for a value [QN-37].
 */

export interface RulerScale {
  min: number
  max: number
  /** Marks per unit: 10 reads a height to a tenth of a centimetre. */
  subUnits: number
}

/** A ruler declared without a range or sub-units [QN-37]. */
export const RULER_DEFAULTS: RulerScale = { min: 100, max: 200, subUnits: 10 }

export function rulerScale(declared: Partial<RulerScale> = {}): RulerScale {
  return { ...RULER_DEFAULTS, ...declared }
}

/** The value on the scale nearest to `value`: inside the range, on a sub-unit mark. */
export function snap(value: number, scale: RulerScale): number {
  const inside = Math.min(scale.max, Math.max(scale.min, value))
  return Math.round(inside * scale.subUnits) / scale.subUnits
}

/** Where a value sits along the scale, 0 at min and 1 at max. */
export function fractionOf(value: number, scale: RulerScale): number {
  return (snap(value, scale) - scale.min) / (scale.max - scale.min)
}

/** The value under a point `fraction` of the way from min to max (a tap or a drag). */
export function valueAt(fraction: number, scale: RulerScale): number {
  return snap(scale.min + fraction * (scale.max - scale.min), scale)
}

/**
 * Where the keys and the +/− buttons count from while the ruler has no value: its middle. Nothing is shown there
 * until the visitor picks a value, so an unanswered ruler never looks answered.
 */
export function startOf(scale: RulerScale): number {
  return Math.round((scale.min + scale.max) / 2)
}

/** The value `units` whole units on from the current one (from the middle while there is none): the +/− buttons. */
export function stepBy(current: number | null, units: number, scale: RulerScale): number {
  return snap((current ?? startOf(scale)) + units, scale)
}

/** Units a key moves the value by: arrows one unit (left and right follow the writing direction), pages ten. */
function keyStep(key: string, direction: 'rtl' | 'ltr'): number | null {
  const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
  const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
  const steps: Record<string, number> = { ArrowUp: 1, [forward]: 1, ArrowDown: -1, [backward]: -1, PageUp: 10, PageDown: -10 }
  return steps[key] ?? null
}

/** The value after a key press, or null for a key the ruler does not use. */
export function valueAfterKey(key: string, current: number | null, scale: RulerScale, direction: 'rtl' | 'ltr'): number | null {
  if (key === 'Home') return scale.min
  if (key === 'End') return scale.max
  const step = keyStep(key, direction)
  return step === null ? null : stepBy(current, step, scale)
}
