import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { isFranchizer } from './membership'

describe('isFranchizer', () => {
  it('is true once the franchise points load [DS-28]', () => {
    expect(isFranchizer(true, null)).toBe(true)
  })

  it('is false on NOT_FRANCHIZER [ER-54]', () => {
    expect(isFranchizer(false, new ApiError(403, 'NOT_FRANCHIZER', 'x'))).toBe(false)
  })

  it('stays unknown on other failures and while loading', () => {
    expect(isFranchizer(false, new ApiError(500, '500', 'x'))).toBeUndefined()
    expect(isFranchizer(false, null)).toBeUndefined()
  })
})
