import { describe, expect, it } from 'vitest'
import { buildProduct, mentorProducts } from '@/testing/data/products'
import { mentorFor } from './mentor'

describe('mentorFor [PM-19]', () => {
  const mentors = mentorProducts()

  it('finds the MENTOR product with the same count as the diet', () => {
    const diet = buildProduct({ meta: { count: 6, isAllowedMentor: true } })
    expect(mentorFor(diet, mentors)?.id).toBe(153)
  })

  it('finds none when the diet does not allow a mentor', () => {
    expect(mentorFor(buildProduct({ meta: { count: 3, isAllowedMentor: false } }), mentors)).toBeUndefined()
  })

  it('finds none when no mentor has the same count [ER-39]', () => {
    expect(mentorFor(buildProduct({ meta: { count: 12, isAllowedMentor: true } }), mentors)).toBeUndefined()
  })

  it('ignores products that are not mentors', () => {
    const diet = buildProduct({ meta: { count: 1, isAllowedMentor: true } })
    expect(mentorFor(diet, [buildProduct({ productType: 'DIET', meta: { count: 1 } })])).toBeUndefined()
  })
})
