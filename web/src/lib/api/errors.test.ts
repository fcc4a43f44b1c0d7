import { describe, expect, it } from 'vitest'
import { ApiError, apiMessageOr } from './errors'

describe('apiMessageOr', () => {
  it("shows the BFF's message, never the browser's text for a call that did not reach it", () => {
    expect(apiMessageOr(new ApiError(400, '400', 'پیام فروشگاه'), 'خطا')).toBe('پیام فروشگاه')
    expect(apiMessageOr(new ApiError(500, '500', ' '), 'خطا')).toBe('خطا')
    expect(apiMessageOr(new TypeError('Failed to fetch'), 'خطا')).toBe('خطا')
  })
})
