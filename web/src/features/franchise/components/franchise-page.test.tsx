import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '@/testing/auth'
import { franchiseMemberHandlers, notMemberHandler, pointsSummaryHandler } from '@/testing/franchise-handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

function answerPoints() {
  server.use(pointsSummaryHandler)
}

function answerMember() {
  server.use(...franchiseMemberHandlers)
}

/** The clipboard and the Web Share API as this test's browser has them (jsdom has neither). */
function browserOffers(apis: { clipboard: { writeText: (text: string) => Promise<void> }; share: unknown }) {
  for (const [name, value] of Object.entries(apis)) Object.defineProperty(navigator, name, { value, configurable: true })
}

afterEach(() => {
  for (const name of ['clipboard', 'share']) Reflect.deleteProperty(navigator, name)
})

describe('/franchise', () => {
  it('shows a member their summary, the leaderboard and their invitations [DS-28, DS-29]', async () => {
    signIn()
    answerPoints()
    answerMember()
    renderApp('/franchise')
    expect(await screen.findByTestId('referral-code')).toHaveTextContent('K7QM2D')
    expect(screen.getByTestId('franchise-page')).toHaveAttribute('data-franchizer', 'true')
    expect(within(await screen.findByTestId('leaderboard')).getByTestId('leaderboard-entry')).toHaveTextContent('۰۹۱۲*****۰۱')
    const invitation = await screen.findByTestId('invitation')
    expect(invitation).toHaveTextContent('۳ روز باقی‌مانده')
    expect(invitation).toHaveTextContent('فعال')
    expect(invitation).not.toHaveTextContent('ACTIVE')
    expect(screen.getByTestId('points-balance')).toHaveTextContent('۲۵۰')
  })

  it('shows the invite link to the sign-in route with the code, copies it and offers the share sheet', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve())
    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.resolve())
    browserOffers({ clipboard: { writeText }, share })
    signIn()
    answerPoints()
    answerMember()
    renderApp('/franchise')
    const link = `${window.location.origin}${window.location.pathname}#/enter?referral=K7QM2D`
    expect(await screen.findByTestId('invite-link-url')).toHaveTextContent(link)
    await userEvent.click(screen.getByRole('button', { name: 'کپی لینک' }))
    expect(writeText).toHaveBeenCalledWith(link)
    expect(await screen.findByTestId('invite-copied')).toHaveTextContent('لینک کپی شد.')
    await userEvent.click(screen.getByRole('button', { name: 'اشتراک‌گذاری' }))
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link })))
  })

  it('says so when the clipboard refuses, and offers no share button without the Web Share API', async () => {
    browserOffers({ clipboard: { writeText: () => Promise.reject(new Error('denied')) }, share: undefined })
    signIn()
    answerPoints()
    answerMember()
    renderApp('/franchise')
    await userEvent.click(await screen.findByRole('button', { name: 'کپی لینک' }))
    expect(await screen.findByTestId('invite-copied')).toHaveTextContent('کپی ممکن نشد')
    expect(screen.queryByTestId('invite-share')).not.toBeInTheDocument()
  })

  it('shows a friendly note, not an error, to a customer who is not a member, asking nothing member-only', async () => {
    const memberOnly: string[] = []
    signIn()
    answerPoints()
    server.use(
      notMemberHandler,
      http.get('/franchise/summary', () => {
        memberOnly.push('summary')
        return HttpResponse.json({ err: { code: 'NOT_FRANCHIZER', message: 'x' } }, { status: 403 }) as never
      }),
    )
    renderApp('/franchise')
    expect(await screen.findByTestId('not-franchizer')).toHaveTextContent('هنوز عضو طرح معرفی')
    expect(screen.getByTestId('franchise-page')).toHaveAttribute('data-franchizer', 'false')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByTestId('leaderboard')).not.toBeInTheDocument()
    expect(memberOnly).toEqual([])
  })

  it('shows the friendly note when a membership ends between the two calls [ER-54]', async () => {
    signIn()
    answerPoints()
    server.use(
      http.get('/franchise/membership', () => HttpResponse.json({ isFranchizer: true })),
      http.get('/franchise/summary', () =>
        HttpResponse.json(
          { err: { code: 'NOT_FRANCHIZER', message: 'x', details: { messages: [] } } },
          { status: 403 },
        ) as never,
      ),
    )
    renderApp('/franchise')
    expect(await screen.findByTestId('not-franchizer')).toHaveTextContent('هنوز عضو طرح معرفی')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
