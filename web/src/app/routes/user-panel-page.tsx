import { useLoaderData } from 'react-router'
import { PanelHome } from '@/features/panel/components/diets-page'
import type { UserPanelStep } from '../guards'

/**
 * /user-panel: the step its loader chose is part of the route's contract (PAYMENT with from=landing, else QUESTIONS)
 * [RG-33], so the page carries it; below it is the panel home (the guard lets only a signed-in customer in).
 */
export function UserPanelPage() {
  const { step } = useLoaderData<{ step: UserPanelStep }>()
  return (
    <div className="user-panel" data-testid="user-panel" data-step={step}>
      <PanelHome />
    </div>
  )
}
