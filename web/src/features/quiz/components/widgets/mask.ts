/** Digits only, grouped by a mask: `#` is a digit, anything else is shown as is. */
export function applyMask(digits: string, mask: string): string {
  let out = ''
  let index = 0
  for (const char of mask) {
    if (index >= digits.length) break
    if (char === '#') {
      out += digits[index]
      index += 1
    } else out += char
  }
  return out
}
