import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

describe('side menu [AU-55]', () => {
  it('is not offered to anonymous visitors', async () => {
    renderApp('/diets')
    await screen.findByTestId('placeholder')
    expect(screen.queryByTestId('side-menu-button')).not.toBeInTheDocument()
  })

  it('links home, the orders history, the reserve list, support, about, contact, terms, feedback, social networks and logout', async () => {
    signIn()
    const user = userEvent.setup()
    renderApp('/diets')
    await user.click(await screen.findByTestId('side-menu-button'))
    const menu = screen.getByTestId('side-menu')
    expect(within(menu).getByRole('link', { name: 'خانه' })).toHaveAttribute('href', '/diets')
    expect(within(menu).getByRole('link', { name: 'سفارش‌های شما' })).toHaveAttribute('href', '/orders-history')
    expect(within(menu).getByRole('link', { name: 'رژیم‌های رزرو' })).toHaveAttribute('href', '/reserve')
    expect(within(menu).getByRole('link', { name: 'لیمو کارت' })).toHaveAttribute('href', '/limoo-card-intro')
    for (const name of ['درباره ما', 'تماس با ما', 'قوانین و مقررات', 'انتقادات و شکایات']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument()
    }
    expect(within(menu).getByTestId('logout-link')).toHaveTextContent('خروج')

    const social = within(menu).getByRole('button', { name: 'شبکه‌های اجتماعی' })
    expect(social).toHaveAttribute('aria-expanded', 'false')
    expect(within(menu).queryByRole('link', { name: 'تلگرام' })).not.toBeInTheDocument()
    await user.click(social)
    expect(social).toHaveAttribute('aria-expanded', 'true')
    for (const name of ['اینستاگرام', 'تلگرام', 'آپارات']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument()
    }

    await user.click(within(menu).getByRole('button', { name: 'پشتیبانی' }))
    const support = screen.getByTestId('support-popup')
    expect(within(support).getByTitle('پشتیبانی لیمو').tagName).toBe('IFRAME')
  })
})

describe('logout [AU-46]', () => {
  it('clears local and session storage, calls the logout service and shows /logout', async () => {
    signIn()
    window.localStorage.setItem('mobileNumber', '9121234567')
    const user = userEvent.setup()
    let loggedOut = 0
    server.use(
      http.post('/app/auth/logout', () => {
        loggedOut += 1
        return HttpResponse.json({ status: 'success', msg: 'bye' })
      }),
    )
    const { router } = renderApp('/diets')
    await waitFor(() => expect(window.sessionStorage.getItem('sessId')).toBe('session-1'))
    await user.click(await screen.findByTestId('side-menu-button'))
    await user.click(screen.getByTestId('logout-link'))
    await waitFor(() => expect(currentLocation(router)).toBe('/logout'))
    expect(loggedOut).toBe(1)
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(window.localStorage.getItem('mobileNumber')).toBeNull()
    expect(window.sessionStorage.getItem('sessId')).toBeNull()
    expect(screen.getByRole('heading', { name: 'از حساب کاربری خارج شدید' })).toBeInTheDocument()
    expect(screen.getByTestId('logout-home-link')).toHaveAttribute('href', '/')
    expect(screen.queryByTestId('side-menu-button')).not.toBeInTheDocument()
  })
})
