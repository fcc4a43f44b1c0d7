import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { settings } from '@/config/flags'
import './ui.css'

/**
 * The yellow top bar with the logo [CT-03]; `start` holds the side-menu button of signed-in users [AU-55], and the
 * operator-themed variant shows the operator logo [AU-54].
 */
export function TopBar({ start }: { start?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <header className="top-bar" data-testid="top-bar">
      {start ? <div className="top-bar__start">{start}</div> : null}
      <span className="top-bar__logo" role="img" aria-label={t('app.logoAlt')}>
        {t('app.name')}
      </span>
      {settings.isOperatorTheme() ? (
        <span className="top-bar__operator" data-testid="operator-logo" role="img" aria-label={t('app.operatorLogo')} />
      ) : null}
    </header>
  )
}
