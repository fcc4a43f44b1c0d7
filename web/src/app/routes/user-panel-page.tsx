import { useTranslation } from 'react-i18next'
import { useLoaderData } from 'react-router'
import { PanelHome } from '@/features/panel/components/diets-page'
import type { UserPanelStep } from '../guards'

/**
 * /user-panel: the step its loader chose is part of the route's contract (PAYMENT with from=landing, else QUESTIONS)
 * [RG-33], so the page carries it; below it is the panel home (the guard lets only a signed-in customer in).
 */
export function UserPanelPage() {
  const { t } = useTranslation()
  const { step } = useLoaderData<{ step: UserPanelStep }>()
  return (
    <div className="user-panel" data-testid="user-panel" data-step={step}>
      <h1 className="page-title user-panel__title">{t('screens.userPanel')}</h1>
      <PanelHome />
    </div>
  )
}
