import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useIsLoggedIn } from '@/components/hooks/use-is-logged-in'
import { ActiveDietCard } from './active-diet-card'
import { AllDietsList } from './all-diets-list'
import { HamiCard } from './hami-card'
import { PhysicalInfoCard } from './physical-info-card'
import { StartDateEditor } from './start-date-editor'

/** The step after a purchase, which the success page shows from this chunk. */
export { QuestionsNextStep } from './questions-next-step'

/** The panel home's cards: the diet package, its start date, body figures, the mentor add-on and earlier diets. */
export function PanelHome() {
  return (
    <div className="diets-page" data-testid="panel-home">
      <ActiveDietCard />
      <StartDateEditor />
      <PhysicalInfoCard />
      <HamiCard />
      <AllDietsList />
    </div>
  )
}

/** /diets, the panel home for a signed-in customer; an anonymous visitor is asked to sign in. */
export function DietsPage() {
  const { t } = useTranslation()
  const loggedIn = useIsLoggedIn()
  if (loggedIn) return <PanelHome />
  return (
    <div className="diets-page">
      <section className="diet-card" data-testid="diets-sign-in">
        <p className="diet-card__hint">{t('panel.signIn.hint')}</p>
        <Link className="diet-card__action" to="/login-with-mobile">
          {t('panel.signIn.action')}
        </Link>
      </section>
    </div>
  )
}
