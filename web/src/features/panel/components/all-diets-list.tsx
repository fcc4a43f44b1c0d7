import { useTranslation } from 'react-i18next'
import { apiMessageOr } from '@/lib/api'
import { localDigits } from '@/lib/digits'
import { useActiveDiet } from '../api/active-diet'
import { useAllDiets } from '../api/all-diets'
import { listedDiets } from '../domain/all-diets'

/** The customer's earlier diets below the package card [DS-24, DS-25]; nothing while there are none. */
export function AllDietsList() {
  const { t, i18n } = useTranslation()
  const all = useAllDiets()
  const active = useActiveDiet(true)

  if (all.isError) {
    return (
      <p className="diet-card__error" role="alert" data-testid="all-diets-error">
        {apiMessageOr(all.error, t('panel.error'))}
      </p>
    )
  }
  if (all.isPending || active.isPending) return null
  const diets = listedDiets(all.data, active.data?.status ?? '')
  if (diets.length === 0) return null
  const digits = (value: number) => localDigits(value, i18n.language)
  return (
    <section className="diet-card" data-testid="all-diets">
      <h2 className="diet-card__title">{t('panel.allDiets.title')}</h2>
      <ul className="all-diets">
        {diets.map((diet) => (
          <li key={diet.id} className="all-diets__item" data-testid={`all-diets-${diet.referTimes}`}>
            <strong>{t('panel.allDiets.referral', { number: digits(diet.referTimes) })}</strong>
            <span>{diet.dietTitle}</span>
            <span>{t('panel.allDiets.period', { days: digits(diet.period) })}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
