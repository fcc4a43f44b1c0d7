/**
 * Writes a sanitised value back into its field at once and returns it, for the field's change handler. React resets
 * a controlled field to its state after every keystroke; Preact (the built app, see web/README.md) re-renders it
 * only when the state changes, so a keystroke the sanitiser drops (a 7th code digit, a letter in a masked number)
 * would stay on screen while the form holds the value without it.
 */
export function controlledValue(field: HTMLInputElement, value: string): string {
  if (field.value !== value) field.value = value
  return value
}
