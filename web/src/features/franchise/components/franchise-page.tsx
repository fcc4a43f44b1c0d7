import { useTranslation } from 'react-i18next'
import { localDigits } from '@/lib/digits'
import { displayState } from '@/lib/diet-status'
import { useFranchiseSummary, useInvitations, useLeaderboard, useMembership, usePointsSummary } from '../api/franchise'
import { isFranchizer } from '../domain/membership'
import { InviteLink } from './invite-link'
import '../franchise.css'

/**
 * /franchise, signed-in customers only [DS-29]: the points summary, and for franchise members their summary, the
 * leaderboard, their invite link and their invitations. A customer who is not a member sees a friendly note instead [DS-28, ER-54].
 * The page asks the membership first, so a customer who is not a member is never refused a member-only call.
 */
export function FranchisePage() {
  const { t } = useTranslation()
  const membership = useMembership()
  const summary = useFranchiseSummary(membership.data === true)
  const member = membership.data === false ? false : isFranchizer(summary.isSuccess, summary.error)
  const failed = membership.isError || (summary.isError && member === undefined)
  return (
    <div className="franchise-page" data-testid="franchise-page" data-franchizer={String(member ?? 'unknown')}>
      <h1 className="franchise-page__title">{t('franchise.title')}</h1>
      <PointsCard />
      {member === false ? (
        <section className="diet-card" data-testid="not-franchizer">
          <p className="diet-card__hint">{t('franchise.notMember')}</p>
        </section>
      ) : null}
      {failed ? <p role="alert">{t('franchise.error')}</p> : null}
      {summary.isSuccess ? (
        <>
          <SummaryCard {...summary.data} />
          <InviteLink code={summary.data.referralCode} />
          <LeaderboardCard />
          <InvitationsCard />
        </>
      ) : null}
    </div>
  )
}

function Figure({ label, value, testId }: { label: string; value: number | string; testId: string }) {
  const { i18n } = useTranslation()
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>{localDigits(value, i18n.language)}</dd>
    </div>
  )
}

function PointsCard() {
  const { t } = useTranslation()
  const points = usePointsSummary()
  if (!points.isSuccess) return null
  return (
    <section className="diet-card" data-testid="points-summary">
      <h2 className="diet-card__title">{t('franchise.points.title')}</h2>
      <dl className="franchise-figures">
        <Figure label={t('franchise.points.balance')} value={points.data.points.count} testId="points-balance" />
        <Figure label={t('franchise.points.earned')} value={points.data.earnedPoints} testId="points-earned" />
        <Figure label={t('franchise.points.spent')} value={points.data.spentPoints} testId="points-spent" />
      </dl>
    </section>
  )
}

function SummaryCard(summary: {
  referralCode: string
  franchisePoints: number
  leaderboardPoints: number
  invitationCount: number
}) {
  const { t } = useTranslation()
  return (
    <section className="diet-card" data-testid="franchise-summary">
      <h2 className="diet-card__title">{t('franchise.summary.title')}</h2>
      <p>
        {t('franchise.summary.code')} <strong data-testid="referral-code" dir="ltr">{summary.referralCode}</strong>
      </p>
      <dl className="franchise-figures">
        <Figure label={t('franchise.summary.franchisePoints')} value={summary.franchisePoints} testId="franchise-points" />
        <Figure label={t('franchise.summary.leaderboardPoints')} value={summary.leaderboardPoints} testId="leaderboard-points" />
        <Figure label={t('franchise.summary.invitations')} value={summary.invitationCount} testId="invitation-count" />
      </dl>
    </section>
  )
}

function LeaderboardCard() {
  const { t, i18n } = useTranslation()
  const board = useLeaderboard(true)
  if (!board.isSuccess) return null
  const { leaderboard, me } = board.data
  return (
    <section className="diet-card" data-testid="leaderboard">
      <h2 className="diet-card__title">{t('franchise.leaderboard.title')}</h2>
      <ol className="franchise-list">
        {leaderboard.map((entry) => (
          <li key={`${entry.rank}-${entry.mobileNumber}`} data-testid="leaderboard-entry" data-me={entry.isMe}>
            <span>{localDigits(entry.rank, i18n.language)}</span>
            <span dir="ltr">{localDigits(entry.mobileNumber, i18n.language)}</span>
            <span>{t('franchise.leaderboard.points', { points: localDigits(entry.leaderboardPoints, i18n.language) })}</span>
          </li>
        ))}
      </ol>
      <p data-testid="my-rank">{t('franchise.leaderboard.myRank', { rank: localDigits(me.rank, i18n.language) })}</p>
    </section>
  )
}

function InvitationsCard() {
  const { t, i18n } = useTranslation()
  const invitations = useInvitations(true)
  if (!invitations.isSuccess) return null
  return (
    <section className="diet-card" data-testid="invitations">
      <h2 className="diet-card__title">{t('franchise.invitations.title')}</h2>
      {invitations.data.length === 0 ? (
        <p className="diet-card__hint">{t('franchise.invitations.none')}</p>
      ) : (
        <ul className="franchise-list">
          {invitations.data.map((invitation) => (
            <li key={`${invitation.invitedAt}-${invitation.mobileNumber}`} data-testid="invitation" data-status={invitation.dietStatus}>
              <span dir="ltr">{localDigits(invitation.mobileNumber, i18n.language)}</span>
              <span>{t(`panel.states.${displayState(invitation.dietStatus, invitation.remainDays)}`)}</span>
              {invitation.remainDays === undefined ? null : (
                <span>{t('franchise.invitations.remainDays', { days: localDigits(invitation.remainDays, i18n.language) })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
