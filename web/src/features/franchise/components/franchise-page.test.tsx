import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const POINTS = {
  ok: true,
  msg: {
    points: { count: 250, monetaryValue: 250_000 },
    reservedPoints: { count: 0, monetaryValue: 0 },
    earnedPoints: 250,
    spentPoints: 0,
    pointValue: 1000,
    currency: 'IRT',
    history: [],
  },
}

function answerPoints() {
  server.use(http.get('/app/points/summary', () => HttpResponse.json(POINTS) as never))
}

function answerMember() {
  server.use(
    http.get('/franchise/summary', () =>
      HttpResponse.json({
        ok: true,
        msg: { referralCode: 'K7QM2D', franchisePoints: 10, leaderboardPoints: 11, invitationCount: 1 },
      }) as never,
    ),
    http.get('/franchise/leaderboard', () =>
      HttpResponse.json({
        ok: true,
        msg: {
          leaderboard: [{ rank: 1, mobileNumber: '0912*****01', leaderboardPoints: 11, isMe: true }],
          me: { rank: 1, mobileNumber: '0912*****01', leaderboardPoints: 11, isMe: true },
        },
      }) as never,
    ),
    http.get('/franchise/invite-lists', () =>
      HttpResponse.json({
        invitations: [{ mobileNumber: '0935*****67', dietStatus: 'ACTIVE', remainDays: 3, invitedAt: 1 }],
      }) as never,
    ),
  )
}

describe('/franchise', () => {
  it('shows a member their summary, the leaderboard and their invitations [DS-28, DS-29]', async () => {
    signIn()
    answerPoints()
    answerMember()
    renderApp('/franchise')
    expect(await screen.findByTestId('referral-code')).toHaveTextContent('K7QM2D')
    expect(screen.getByTestId('franchise-page')).toHaveAttribute('data-franchizer', 'true')
    expect(within(await screen.findByTestId('leaderboard')).getByTestId('leaderboard-entry')).toHaveTextContent('۰۹۱۲*****۰۱')
    expect(await screen.findByTestId('invitation')).toHaveTextContent('۳ روز باقی‌مانده')
    expect(screen.getByTestId('points-balance')).toHaveTextContent('۲۵۰')
  })

  it('shows a friendly note, not an error, to a customer who is not a member [ER-54]', async () => {
    signIn()
    answerPoints()
    server.use(
      http.get('/franchise/summary', () =>
        HttpResponse.json(
          { err: { code: 'NOT_FRANCHIZER', message: 'x', details: { messages: [] } } },
          { status: 403 },
        ) as never,
      ),
    )
    renderApp('/franchise')
    expect(await screen.findByTestId('not-franchizer')).toHaveTextContent('هنوز عضو طرح معرفی')
    expect(screen.getByTestId('franchise-page')).toHaveAttribute('data-franchizer', 'false')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByTestId('leaderboard')).not.toBeInTheDocument()
  })
})
