import { useTranslation } from 'react-i18next'
import { Stepper } from '@/components/ui/stepper'

/**
 * The four-step indicator (choose course, pay, answer questions, diet issued). A returning user from the panel
 * answers first, then chooses and pays (spec 2 §1). The current step is choosing the course.
 */
export function PurchaseStepper({ returningUser }: { returningUser: boolean }) {
  const { t } = useTranslation()
  const steps = returningUser
    ? [t('stepper.answer'), t('stepper.choose'), t('stepper.pay'), t('stepper.issue')]
    : [t('stepper.choose'), t('stepper.pay'), t('stepper.answer'), t('stepper.issue')]
  return (
    <Stepper label={t('stepper.label')} steps={steps} current={returningUser ? 1 : 0} currentLabel={t('stepper.current')} />
  )
}
