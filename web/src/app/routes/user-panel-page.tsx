import { useLoaderData } from 'react-router'
import { Placeholder } from '@/components/ui/placeholder'
import type { UserPanelStep } from '../guards'

/**
 * /user-panel: the panel itself belongs to a later slice, but the step its loader chose is already part of the
 * route's contract (PAYMENT with from=landing, else QUESTIONS) [RG-33], so the page carries it.
 */
export function UserPanelPage() {
  const { step } = useLoaderData<{ step: UserPanelStep }>()
  return (
    <div className="user-panel" data-testid="user-panel" data-step={step}>
      <Placeholder titleKey="userPanel" />
    </div>
  )
}
