import { Placeholder } from '@/components/ui/placeholder'
import { useIsLoggedIn } from '@/components/hooks/use-is-logged-in'
import { ActiveDietCard } from './active-diet-card'
import { PhysicalInfoCard } from './physical-info-card'

/**
 * /diets, the panel home: the signed-in customer's diet package and body figures; the rest of the panel (diet days, points, franchise)
 * is a later slice, so the page keeps its placeholder below.
 */
export function DietsPage() {
  const loggedIn = useIsLoggedIn()
  return (
    <>
      {loggedIn ? (
        <div className="diets-page">
          <ActiveDietCard />
          <PhysicalInfoCard />
        </div>
      ) : null}
      <Placeholder titleKey="diets" />
    </>
  )
}
