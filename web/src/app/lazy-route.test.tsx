import type { ReactNode } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { Outlet, RouterProvider, createMemoryRouter, redirect, type RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createI18n } from '@/i18n'
import { lazyRoute } from './lazy-route'
import { ChunkLoadErrorPage } from './routes/chunk-load-error-page'

/** Mounts `screen` under a layout with a fallback, as the app's root route has, at /screen. */
function renderUnderLayout(screenRoute: RouteObject, ...otherRoutes: RouteObject[]) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <main data-testid="layout">
            <Outlet />
          </main>
        ),
        hydrateFallbackElement: <p>…</p>,
        children: [screenRoute, ...otherRoutes],
      },
    ],
    { initialEntries: ['/screen'] },
  )
  render(
    <I18nextProvider i18n={createI18n('fa')}>
      <div dir="rtl">
        <RouterProvider router={router} />
      </div>
    </I18nextProvider>,
  )
}

describe('lazily loaded routes [ER-11]', () => {
  it('render the screen from the loaded module', async () => {
    renderUnderLayout(
      lazyRoute({ path: '/screen' }, () => Promise.resolve({ Screen: () => <h1>صفحه</h1> }), (m) => <m.Screen />),
    )
    expect(await screen.findByRole('heading', { name: 'صفحه' })).toBeInTheDocument()
  })

  it('ask for a reload in Persian, inside the layout, when the chunk fails to load', async () => {
    renderUnderLayout(lazyRoute({ path: '/screen' }, () => Promise.reject(new TypeError('Failed to fetch')), () => null))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('این صفحه بارگذاری نشد. لطفا صفحه را دوباره بارگذاری کنید.')
    expect(screen.getByTestId('layout')).toContainElement(alert)
    expect(screen.getByRole('button', { name: 'بارگذاری دوباره' })).toBeInTheDocument()
  })

  it('load a guarded screen once its guard let the visitor in', async () => {
    const guard = vi.fn<() => Promise<null>>(() => Promise.resolve(null))
    renderUnderLayout(
      lazyRoute({ path: '/screen', loader: guard }, () => Promise.resolve({ Screen: () => <h1>صفحه</h1> }), (m) => <m.Screen />),
    )
    expect(await screen.findByRole('heading', { name: 'صفحه' })).toBeInTheDocument()
    expect(guard).toHaveBeenCalledOnce()
  })

  it('leave a guarded screen unloaded when its guard redirects', async () => {
    const load = vi.fn<() => Promise<{ Screen: () => ReactNode }>>(() => Promise.resolve({ Screen: () => <h1>صفحه</h1> }))
    renderUnderLayout(
      lazyRoute({ path: '/screen', loader: () => redirect('/elsewhere') }, load, (m) => <m.Screen />),
      { path: '/elsewhere', element: <h1>جای دیگر</h1> },
    )
    expect(await screen.findByRole('heading', { name: 'جای دیگر' })).toBeInTheDocument()
    expect(load).not.toHaveBeenCalled()
  })

  it('ask for a reload when the chunk of a guarded screen fails to load', async () => {
    renderUnderLayout(
      lazyRoute({ path: '/screen', loader: () => null }, () => Promise.reject(new TypeError('Failed to fetch')), () => null),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('این صفحه بارگذاری نشد. لطفا صفحه را دوباره بارگذاری کنید.')
    expect(screen.getByTestId('layout')).toContainElement(alert)
  })

  it('reload the page from the button', async () => {
    const reload = vi.fn<() => void>()
    const failure = Object.assign(new Error('gone'), { name: 'ChunkLoadError' })
    renderUnderLayout({
      errorElement: <ChunkLoadErrorPage reload={reload} />,
      children: [{ path: '/screen', loader: () => Promise.reject(failure) }],
    })
    await userEvent.click(await screen.findByRole('button', { name: 'بارگذاری دوباره' }))
    expect(reload).toHaveBeenCalledOnce()
  })
})
