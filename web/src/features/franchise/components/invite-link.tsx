import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { referralLink } from '@/lib/referral'

type Outcome = 'idle' | 'copied' | 'failed'

/**
 * The member's invite link (the sign-in route with `?referral=CODE`): a copy button, and the phone's share sheet
 * where the browser has the Web Share API. Whoever signs up through it becomes the member's invitation.
 */
export function InviteLink({ code }: { code: string }) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<Outcome>('idle')
  const link = referralLink(code)
  const canShare = typeof navigator.share === 'function'

  const copy = () => {
    // The clipboard is missing outside secure contexts and may refuse: say so, the link stays selectable.
    const write = navigator.clipboard?.writeText(link) ?? Promise.reject(new Error('no clipboard'))
    write.then(
      () => setOutcome('copied'),
      () => setOutcome('failed'),
    )
  }
  const share = () => {
    // A dismissed share sheet rejects too; nothing to report then.
    navigator.share({ title: t('franchise.invite.title'), text: t('franchise.invite.shareText'), url: link }).catch(() => undefined)
  }

  return (
    <section className="diet-card" data-testid="invite-link">
      <h2 className="diet-card__title">{t('franchise.invite.title')}</h2>
      <p className="diet-card__hint">{t('franchise.invite.hint')}</p>
      <p className="franchise-invite__link" dir="ltr" data-testid="invite-link-url">
        {link}
      </p>
      <div className="franchise-invite__actions">
        <button type="button" onClick={copy} data-testid="invite-copy">
          {t('franchise.invite.copy')}
        </button>
        {canShare ? (
          <button type="button" onClick={share} data-testid="invite-share">
            {t('franchise.invite.share')}
          </button>
        ) : null}
        <span role="status" data-testid="invite-copied">
          {outcome === 'idle' ? '' : t(outcome === 'copied' ? 'franchise.invite.copied' : 'franchise.invite.copyFailed')}
        </span>
      </div>
    </section>
  )
}
