import type { Option } from '../../types'

/** Toggles a choice of a multi-choice group: the exclusive (xor) option clears the others and is cleared by them [QN-30]. */
export function toggleChoice(selected: readonly string[], choice: string, options: readonly Option[]): string[] {
  if (selected.includes(choice)) return selected.filter((value) => value !== choice)
  const exclusive = new Set(options.filter((option) => option.xor).map((option) => option.value))
  if (exclusive.has(choice)) return [choice]
  return [...selected.filter((value) => !exclusive.has(value)), choice]
}
