import { useEffect } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'

/**
 * Focuses a step's field when the step appears. Not `autoFocus`: the built app's Preact only writes the attribute,
 * which a browser honours once per page, so the field of a later step (the code after the number) stayed unfocused.
 */
export function useFocusField<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>): void {
  useEffect(() => form.setFocus(name), [form, name])
}
