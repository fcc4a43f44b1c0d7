import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLoaderData } from 'react-router'
import { paths } from '@/config/paths'
import { localDigits } from '@/lib/digits'
import { revokeSession, type LogoutRefusal } from '../api/logout'
import '../auth.css'

/**
 * /logout: says the visitor is signed out, with a way back. When the server did not confirm the logout (its refresh
 * cookie may still be valid) the page says why, with the older call's code and message [ER-13], and offers a retry.
 */
export function LogoutPage() {
  const { t, i18n } = useTranslation()
  const outcome = useLoaderData<{ refusal: Promise<LogoutRefusal | null> } | undefined>()
  const [refusal, setRefusal] = useState<LogoutRefusal | null>(null)
  const [retrying, setRetrying] = useState(false)
  const [confirmedOnRetry, setConfirmedOnRetry] = useState(false)

  useEffect(() => {
    let current = true
    void outcome?.refusal.then((answer) => {
      if (current) setRefusal(answer)
    })
    return () => {
      current = false
    }
  }, [outcome])

  const retry = async () => {
    setRetrying(true)
    const next = await revokeSession()
    setRetrying(false)
    setRefusal(next)
    setConfirmedOnRetry(next === null)
  }

  return (
    <section className="logout-page" data-testid="logout-page">
      <h1 className="logout-page__title">{t('auth.logout.heading')}</h1>
      <p className="logout-page__body">{t('auth.logout.body')}</p>
      {refusal ? (
        <div className="logout-page__notice" role="alert" data-testid="logout-refusal" data-code={refusal.code}>
          <p>{t('auth.logout.refused', { message: refusal.message, code: localDigits(refusal.code, i18n.language) })}</p>
          <button type="button" className="auth-button auth-button--secondary" disabled={retrying} onClick={() => void retry()} data-testid="logout-retry">
            {t('auth.logout.retry')}
          </button>
        </div>
      ) : null}
      {confirmedOnRetry ? (
        <p className="logout-page__body" role="status" data-testid="logout-confirmed">
          {t('auth.logout.confirmed')}
        </p>
      ) : null}
      <Link className="auth-button logout-page__link" to={paths.home} data-testid="logout-home-link">
        {t('auth.logout.back')}
      </Link>
    </section>
  )
}
