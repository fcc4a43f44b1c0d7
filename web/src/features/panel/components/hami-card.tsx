import { useTranslation } from 'react-i18next'
import { apiMessageOr } from '@/lib/api'
import { useHamiSummary } from '../api/hami'

/** The mentor add-on the customer has, if any; an answer with `ok` false shows its msg [ER-60]. */
export function HamiCard() {
  const { t } = useTranslation()
  const hami = useHamiSummary()
  if (hami.isPending) return null
  if (hami.isError) {
    return (
      <p className="diet-card__error" role="alert" data-testid="hami-error">
        {apiMessageOr(hami.error, t('panel.error'))}
      </p>
    )
  }
  if (!hami.data.hasHami) return null
  return (
    <section className="diet-card" data-testid="hami">
      <h2 className="diet-card__title">{t('panel.hami.title')}</h2>
      <p className="diet-card__hint">{hami.data.title ?? t('panel.hami.title')}</p>
    </section>
  )
}
