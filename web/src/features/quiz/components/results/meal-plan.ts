import { readSetting } from '@/config/flags'

/** Session key of the meal-plan destination; without it the package selection (spec 3 §2) [RS-19]. */
export const MEAL_PLAN_DESTINATION_KEY = 'betterMeDestination'
export const DEFAULT_MEAL_PLAN_PATH = '/select-package'

export function mealPlanDestination(): string {
  return readSetting(MEAL_PLAN_DESTINATION_KEY) ?? DEFAULT_MEAL_PLAN_PATH
}

export function isExternal(destination: string): boolean {
  return /^https?:\/\//i.test(destination)
}
