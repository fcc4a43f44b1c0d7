import { useTranslation } from 'react-i18next'
import './ui.css'

/** The yellow top bar with the logo [CT-03]. */
export function TopBar() {
  const { t } = useTranslation()
  return (
    <header className="top-bar" data-testid="top-bar">
      <span className="top-bar__logo" role="img" aria-label={t('app.logoAlt')}>
        {t('app.name')}
      </span>
    </header>
  )
}
