import { beforeEach, describe, expect, it } from 'vitest'
import type { LoaderFunctionArgs } from 'react-router'
import { fallbackPath } from '@/config/paths'
import { konkurLanding, oldDietLanding, psychologyLanding } from './landings'

const args = (params: Record<string, string>) => ({ params, request: new Request('http://x/'), context: {} }) as unknown as LoaderFunctionArgs

beforeEach(() => sessionStorage.clear())

describe('landing routes', () => {
  it('bm_ landing clears the landing marker and shops diets from LEMONADE [RG-30]', () => {
    sessionStorage.setItem('landing', 'KONKUR')
    sessionStorage.setItem('productsTag', 'KONKUR')
    expect(oldDietLanding(args({ landing: 'bm_12' }))).toBeNull()
    expect(sessionStorage.getItem('landing')).toBeNull()
    expect(sessionStorage.getItem('source')).toBe('LEMONADE')
    expect(sessionStorage.getItem('productsTag')).toBe('DIET')
  })

  it('any other single segment goes to the fallback page [RG-01]', () => {
    const response = oldDietLanding(args({ landing: 'nope' })) as Response
    expect(response.headers.get('Location')).toBe(fallbackPath)
    expect(sessionStorage.getItem('source')).toBeNull()
  })

  it('konkur sets the KONKUR tag and kn_1 clears saved answers [RG-31]', () => {
    sessionStorage.setItem('user_answers', '{"kn_2":{"value":1}}')
    sessionStorage.setItem('form_answer_id', '9')
    konkurLanding(args({ id: 'kn_3' }))
    expect(sessionStorage.getItem('productsTag')).toBe('KONKUR')
    expect(sessionStorage.getItem('user_answers')).not.toBeNull()
    konkurLanding(args({ id: 'kn_1' }))
    expect(sessionStorage.getItem('user_answers')).toBeNull()
    expect(sessionStorage.getItem('form_answer_id')).toBeNull()
  })

  it('psychology pages shop MIND products [RG-32]', () => {
    psychologyLanding()
    expect(sessionStorage.getItem('productsTag')).toBe('MIND')
  })
})
