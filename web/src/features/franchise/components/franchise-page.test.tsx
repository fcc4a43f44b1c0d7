import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { franchiseMemberHandlers, pointsSummaryHandler } from '@/testing/franchise-handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

function answerPoints() {
  server.use(pointsSummaryHandler)
}

function answerMember() {
  server.use(...franchiseMemberHandlers)
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
