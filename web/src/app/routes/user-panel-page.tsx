import { useLoaderData } from 'react-router'
import { Placeholder } from '@/components/ui/placeholder'
import { ActiveDietCard } from '@/features/panel'
import type { UserPanelStep } from '../guards'

/**
 * /user-panel: the step its loader chose is part of the route's contract (PAYMENT with from=landing, else QUESTIONS)
 * [RG-33], so the page carries it; it shows the diet package and its next step, the rest of the panel being a later
 * slice.
 */
export function UserPanelPage() {
  const { step } = useLoaderData<{ step: UserPanelStep }>()
  return (
    <div className="user-panel" data-testid="user-panel" data-step={step}>
      <div className="diets-page">
        <ActiveDietCard />
      </div>
      <Placeholder titleKey="userPanel" />
    </div>
  )
}
