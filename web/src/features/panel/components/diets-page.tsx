import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Placeholder } from '@/components/ui/placeholder'
import { useIsLoggedIn } from '@/components/hooks/use-is-logged-in'
import { ActiveDietCard } from './active-diet-card'
import { AllDietsList } from './all-diets-list'
import { HamiCard } from './hami-card'
import { PhysicalInfoCard } from './physical-info-card'
import { StartDateEditor } from './start-date-editor'

/**
 * /diets, the panel home: the signed-in customer's diet package, body figures and earlier diets; an anonymous visitor
 * is asked to sign in. The rest of the panel (diet days, points, franchise) is a later slice, so the page keeps its
 * placeholder below.
 */
export function DietsPage() {
  const { t } = useTranslation()
  const loggedIn = useIsLoggedIn()
  return (
    <>
      <div className="diets-page">
        {loggedIn ? (
          <>
            <ActiveDietCard />
            <StartDateEditor />
            <PhysicalInfoCard />
            <HamiCard />
            <AllDietsList />
          </>
        ) : (
          <section className="diet-card" data-testid="diets-sign-in">
            <p className="diet-card__hint">{t('panel.signIn.hint')}</p>
            <Link className="diet-card__action" to="/login-with-mobile">
              {t('panel.signIn.action')}
            </Link>
          </section>
        )}
      </div>
      <Placeholder titleKey="diets" />
    </>
  )
}
