import { useTranslation } from 'react-i18next'
import type { ScreenTitleKey } from './screen-title'
import './ui.css'

/** Stand-in for a screen whose issue has not been built yet: its title and a short note. */
export function Placeholder({ titleKey }: { titleKey: ScreenTitleKey }) {
  const { t } = useTranslation()
  return (
    <section className="placeholder" data-testid="placeholder" data-screen={titleKey}>
      <h1 className="placeholder__title">{t(`screens.${titleKey}`)}</h1>
      <p className="placeholder__body">{t('placeholder.body')}</p>
    </section>
  )
}
