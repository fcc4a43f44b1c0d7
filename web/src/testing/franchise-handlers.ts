import { HttpResponse } from 'msw'
import { http } from './http'

/** A customer's points summary: 250 points, nothing held or spent. */
export const POINTS_SUMMARY = {
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

// `as never`: the envelope's `msg` is typed per operation, and these literal fixtures are checked by the page tests.
export const pointsSummaryHandler = http.get('/app/points/summary', () => HttpResponse.json(POINTS_SUMMARY) as never)

/** A franchise member with one invitee on an active diet, first on the leaderboard. */
export const franchiseMemberHandlers = [
  http.get('/franchise/membership', () => HttpResponse.json({ isFranchizer: true })),
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
]

/** A customer who is not a franchise member: the page asks nothing member-only. */
export const notMemberHandler = http.get('/franchise/membership', () => HttpResponse.json({ isFranchizer: false }))

/** The team's franchise tools: the customer is an active member granted by `qa`. */
const staffMembership = {
  mobileNumber: '09121110001',
  referralCode: 'K7QM2D',
  active: true,
  changes: [{ action: 'GRANT' as const, by: 'qa', at: 1 }],
}

export const staffFranchiseHandlers = [
  http.post('/lemonade/api/staff/franchise/grant', () => HttpResponse.json(staffMembership)),
  http.post('/lemonade/api/staff/franchise/revoke', () => HttpResponse.json(staffMembership)),
  http.get('/lemonade/api/staff/franchise/member', () => HttpResponse.json(staffMembership)),
]
