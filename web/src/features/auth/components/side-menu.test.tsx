import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { SUPPORT_SITE_URL } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

describe('side menu [AU-55]', () => {
  it('is not offered to anonymous visitors', async () => {
    renderApp('/diets')
    await screen.findByTestId('diets-sign-in')
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

    await user.click(await within(menu).findByRole('button', { name: 'پشتیبانی' }))
    const support = screen.getByTestId('support-popup')
    const frame = within(support).getByTitle('پشتیبانی لیمو')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', SUPPORT_SITE_URL)
  })

  it('closes when the page changes, as the back button changes it', async () => {
    signIn()
    const user = userEvent.setup()
    const { router } = renderApp('/diets')
    await user.click(await screen.findByTestId('side-menu-button'))
    expect(screen.getByTestId('side-menu')).toBeInTheDocument()
    await router.navigate('/limoo-card-intro')
    await waitFor(() => expect(currentLocation(router)).toBe('/limoo-card-intro'))
    // The menu closes on the render after the route's: wait for it rather than assume one has happened.
    await waitFor(() => expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument())
  })

  it('offers no support popup where the deployment names no support site', async () => {
    signIn()
    let asked = 0
    server.use(
      http.get('/lemonade/api/app-config', () => {
        asked += 1
        return HttpResponse.json({ paymentGateways: [] })
      }),
    )
    const user = userEvent.setup()
    renderApp('/diets')
    await user.click(await screen.findByTestId('side-menu-button'))
    await waitFor(() => expect(asked).toBe(1))
    const menu = screen.getByTestId('side-menu')
    expect(within(menu).getByRole('link', { name: 'خانه' })).toBeInTheDocument()
    expect(within(menu).queryByRole('button', { name: 'پشتیبانی' })).not.toBeInTheDocument()
  })

  it('without a support site, its support entry offers the support phone and e-mail the deployment configures', async () => {
    signIn()
    server.use(http.get('/lemonade/api/app-config', () => HttpResponse.json({ paymentGateways: [], supportPhone: '021-91001234', supportEmail: 'help@limoo.ir' })))
    const user = userEvent.setup()
    renderApp('/diets')
    await user.click(await screen.findByTestId('side-menu-button'))
    await user.click(await within(screen.getByTestId('side-menu')).findByRole('button', { name: 'پشتیبانی' }))
    const popup = screen.getByTestId('support-popup')
    expect(within(popup).getByRole('link', { name: 'تماس تلفنی: ۰۲۱-۹۱۰۰۱۲۳۴' })).toHaveAttribute('href', 'tel:02191001234')
    expect(within(popup).getByRole('link', { name: 'ایمیل: help@limoo.ir' })).toHaveAttribute('href', 'mailto:help@limoo.ir')
    expect(within(popup).queryByTitle('پشتیبانی لیمو')).not.toBeInTheDocument()
  })
})

describe('logout [AU-46]', () => {
  it('clears local and session storage, calls the logout service with the token and shows /logout', async () => {
    const token = signIn()
    window.localStorage.setItem('mobileNumber', '9121234567')
    const user = userEvent.setup()
    let loggedOut = 0
    const bearers: (string | null)[] = []
    server.use(
      http.post('/app/auth/logout', ({ request }) => {
        loggedOut += 1
        bearers.push(request.headers.get('Authorization'))
        return HttpResponse.json({ status: 'success', msg: 'bye' })
      }),
    )
    const { router } = renderApp('/diets')
    await waitFor(() => expect(window.sessionStorage.getItem('sessId')).toBe('session-1'))
    await user.click(await screen.findByTestId('side-menu-button'))
    await user.click(screen.getByTestId('logout-link'))
    await waitFor(() => expect(currentLocation(router)).toBe('/logout'))
    expect(loggedOut).toBe(1)
    expect(bearers).toEqual([`Bearer ${token}`])
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(window.localStorage.getItem('mobileNumber')).toBeNull()
    expect(window.sessionStorage.getItem('sessId')).toBeNull()
    expect(screen.getByRole('heading', { name: 'از حساب کاربری خارج شدید' })).toBeInTheDocument()
    expect(screen.getByTestId('logout-home-link')).toHaveAttribute('href', '/')
    expect(screen.queryByTestId('side-menu-button')).not.toBeInTheDocument()
  })
})

describe('the account number at the top of the menu [AU-30]', () => {
  async function shownNumber() {
    const user = userEvent.setup()
    renderApp('/diets')
    await user.click(await screen.findByTestId('side-menu-button'))
    const shown = screen.getByTestId('account-mobile')
    await waitFor(() => expect(shown).not.toBeEmptyDOMElement())
    return shown
  }

  it("is the server's number of the account, in Persian digits on a Persian screen", async () => {
    signIn()
    expect(await shownNumber()).toHaveTextContent('۰۹۱۲۱۲۳۴۵۶۷')
  })

  it('is the number typed at sign-in when the server does not answer', async () => {
    signIn()
    window.localStorage.setItem('mobileNumber', '9351112233')
    server.use(http.get('/app/auth/currentUser', () => new HttpResponse(null, { status: 503 }) as never))
    expect(await shownNumber()).toHaveTextContent('۰۹۳۵۱۱۱۲۲۳۳')
  })

  it('defaults to 09999999999 when no number is set', async () => {
    signIn()
    server.use(http.get('/app/auth/currentUser', () => HttpResponse.json({ status: 'error', msg: 'unknown user' }) as never))
    expect(await shownNumber()).toHaveTextContent('۰۹۹۹۹۹۹۹۹۹۹')
  })
})

describe('a logout the server does not confirm [ER-13]', () => {
  async function logOut() {
    signIn()
    const user = userEvent.setup()
    const { router } = renderApp('/diets')
    await user.click(await screen.findByTestId('side-menu-button'))
    await user.click(screen.getByTestId('logout-link'))
    await waitFor(() => expect(currentLocation(router)).toBe('/logout'))
    return user
  }

  it('still signs the device out, shows the status code and message, and a retry that succeeds says so', async () => {
    let calls = 0
    server.use(
      http.post('/app/auth/logout', () => {
        calls += 1
        return (
          calls === 1
            ? new HttpResponse('down', { status: 503, statusText: 'Service Unavailable' })
            : HttpResponse.json({ status: 'success', msg: 'logged out' })
        ) as never
      }),
    )
    const user = await logOut()
    const notice = await screen.findByTestId('logout-refusal')
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(notice).toHaveAttribute('data-code', '503')
    expect(notice).toHaveTextContent('سرور خروج را تأیید نکرد: Service Unavailable (کد ۵۰۳)')
    await user.click(screen.getByTestId('logout-retry'))
    expect(await screen.findByTestId('logout-confirmed')).toHaveTextContent('خروج در سرور هم ثبت شد.')
    expect(screen.queryByTestId('logout-refusal')).not.toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it("shows the msg of an answer whose status is error", async () => {
    server.use(http.post('/app/auth/logout', () => HttpResponse.json({ status: 'error', msg: 'نشست پیدا نشد' }) as never))
    await logOut()
    const notice = await screen.findByTestId('logout-refusal')
    expect(notice).toHaveAttribute('data-code', 'error')
    expect(notice).toHaveTextContent('نشست پیدا نشد')
  })
})

