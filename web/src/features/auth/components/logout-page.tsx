import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import '../auth.css'

/** /logout: says the visitor is signed out, with a way back. */
export function LogoutPage() {
  const { t } = useTranslation()
  return (
    <section className="logout-page" data-testid="logout-page">
      <h1 className="logout-page__title">{t('auth.logout.heading')}</h1>
      <p className="logout-page__body">{t('auth.logout.body')}</p>
      <Link className="auth-button logout-page__link" to={paths.home} data-testid="logout-home-link">
        {t('auth.logout.back')}
      </Link>
    </section>
  )
}
