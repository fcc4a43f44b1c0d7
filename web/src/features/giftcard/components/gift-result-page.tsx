import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { errorCodeOf, useRedeemGiftCard } from '../api/limoo-cards'
import { GIFT_CODE_KEY, messageFor } from '../domain/gift-card'
import { ActiveGift } from './active-gift'
import { GiftMessage } from './gift-message'
import { useLoginRedirect } from './use-login-redirect'
import '../giftcard.css'

/**
 * `/limoocard-result?status=success|failed|unknown&selectedProductId={id}`. With `unknown` it redeems the stored
 * code for the chosen product once, then shows `success` [PM-82]; a refusal shows its message, e.g. an invalid
 * choice [ER-45]. `success` shows the gift the server lists for the customer, never the address's word alone.
 */
export function GiftResultPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [query] = useSearchParams()
  const status = query.get('status')
  const selectedProductId = Number(query.get('selectedProductId'))
  const redeem = useRedeemGiftCard()
  const login = useLoginRedirect()
  // One request per visit, also when React runs the effect twice in development.
  const asked = useRef(false)

  useEffect(() => {
    if (status !== 'unknown' || asked.current || login.redirecting) return
    const giftCode = window.sessionStorage.getItem(GIFT_CODE_KEY)
    if (giftCode === null || !Number.isSafeInteger(selectedProductId)) return
    asked.current = true
    redeem.mutate(
      { giftCode, selectedProductId },
      {
        onSuccess: () => {
          window.sessionStorage.removeItem(GIFT_CODE_KEY)
          void navigate(`/limoocard-result?status=success&selectedProductId=${selectedProductId}`, { replace: true })
        },
        onError: (error) => {
          if (errorCodeOf(error) === 'USER_ID_REQUIRED') login.redirect()
        },
      },
    )
  }, [status, selectedProductId, login, navigate, redeem])

  if (login.redirecting) {
    return (
      <section className="gift-page" data-testid="gift-result" data-status="unknown">
        <GiftMessage messageKey="giftcard.errors.userIdRequired" />
      </section>
    )
  }
  if (status === 'success') {
    const unnamed = query.get('selectedProductId') === null || !Number.isSafeInteger(selectedProductId)
    return <ActiveGift selectedProductId={unnamed ? null : selectedProductId} />
  }
  const codeGone = window.sessionStorage.getItem(GIFT_CODE_KEY) === null && redeem.isIdle
  const failed = status === 'failed' || redeem.isError || codeGone
  if (failed) {
    return (
      <section className="gift-page" data-testid="gift-result" data-status="failed">
        <h1 className="page-title">{t('giftcard.result.failedTitle')}</h1>
        <GiftMessage messageKey={messageFor(redeem.isError ? errorCodeOf(redeem.error) : undefined)} />
        <Link className="gift-page__secondary" to="/limoocard">
          {t('giftcard.result.back')}
        </Link>
      </section>
    )
  }
  return (
    <section className="gift-page" data-testid="gift-result" data-status="unknown" aria-busy="true">
      <p className="gift-page__intro">{t('giftcard.result.pending')}</p>
    </section>
  )
}
