/** Default duration of one progress run and of each list step [CT-01, CT-02]. */
export const LOADING_STEP_MS = 1250
export const PROGRESS_STEPS = 100
/** Opacity of the loading list items by position [CT-02]. */
export const FADE_OPACITIES = [1, 0.9, 0.9, 0.75, 0.6, 0.6, 0.1] as const

export function opacityAt(index: number): number {
  return FADE_OPACITIES[Math.min(index, FADE_OPACITIES.length - 1)] ?? 0.1
}
