import { afterEach, describe, expect, it } from 'vitest'
import { makeToken } from '@/testing/auth'
import { adoptLemonadeTokenCookie, currentUserId, decodeToken, isLoggedIn, isTokenExpired, readToken, TOKEN_KEY } from './token'

afterEach(() => {
  document.cookie = 'lemonadeToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

describe('token', () => {
  it('reads sub and exp from the token', () => {
    const claims = decodeToken(makeToken({ sub: '77', expiresIn: 60 }))
    expect(claims?.sub).toBe('77')
    expect(claims?.exp).toBeGreaterThan(Date.now() / 1000)
  })

  it('counts as logged in exactly when a valid token is stored under token [AU-39]', () => {
    expect(isLoggedIn()).toBe(false)
    window.localStorage.setItem(TOKEN_KEY, makeToken())
    expect(isLoggedIn()).toBe(true)
  })

  it('treats an expired token as absent and removes it [AU-40]', () => {
    const expired = makeToken({ expiresIn: -10 })
    expect(isTokenExpired(expired)).toBe(true)
    window.localStorage.setItem(TOKEN_KEY, expired)
    expect(isLoggedIn()).toBe(false)
    expect(readToken()).toBeNull()
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('treats an unreadable token as absent', () => {
    window.localStorage.setItem(TOKEN_KEY, 'not-a-jwt')
    expect(isLoggedIn()).toBe(false)
  })

  it('gives the sub claim as the user id [AU-43]', () => {
    window.localStorage.setItem(TOKEN_KEY, makeToken({ sub: '1234' }))
    expect(currentUserId()).toBe('1234')
  })

  it('copies a lemonadeToken cookie into local storage [AU-42]', () => {
    const token = makeToken({ sub: '9' })
    document.cookie = `lemonadeToken=${token}; path=/`
    expect(adoptLemonadeTokenCookie()).toBe(true)
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token)
  })

  it('ignores a missing cookie', () => {
    expect(adoptLemonadeTokenCookie()).toBe(false)
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull()
  })
})
