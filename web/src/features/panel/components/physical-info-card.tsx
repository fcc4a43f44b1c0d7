import { useTranslation } from 'react-i18next'
import { localDigits } from '@/lib/digits'
import { usePhysicalInfo } from '../api/physical-info'
import '../panel.css'

const FIGURES = ['age', 'weight', 'stature', 'idealWeight'] as const

/**
 * The customer's body figures as the diet questions recorded them, with the goal the BFF works out from them (ideal
 * weight, BMI class, months to the ideal weight), or a note that none are recorded yet [DS-30].
 */
export function PhysicalInfoCard() {
  const { t, i18n } = useTranslation()
  const physical = usePhysicalInfo()
  if (physical.isPending || physical.isError) return null
  const state = physical.data
  return (
    <section className="diet-card" data-testid="physical-info" data-state={state.kind}>
      <h2 className="diet-card__title">{t('panel.physical.title')}</h2>
      {state.kind === 'NO_DATA' ? (
        <p className="diet-card__hint">{t('panel.physical.noData')}</p>
      ) : (
        <dl className="diet-card__figures">
          {FIGURES.map((figure) => {
            const value = state.info[figure]
            return value === undefined ? null : (
              <div key={figure} data-testid={`physical-${figure}`}>
                <dt>{t(`panel.physical.${figure}`)}</dt>
                <dd>{t(`panel.physical.${figure}Value`, { value: localDigits(value, i18n.language) })}</dd>
              </div>
            )
          })}
          {state.info.bmiCategory === undefined ? null : (
            <div data-testid="physical-bmiCategory">
              <dt>{t('panel.physical.bmiCategory')}</dt>
              <dd>{t(`panel.physical.bmiClasses.${state.info.bmiCategory}`)}</dd>
            </div>
          )}
          {state.info.timeToIdealWeight === undefined ? null : (
            <div data-testid="physical-timeToIdealWeight">
              <dt>{t('panel.physical.timeToIdealWeight')}</dt>
              <dd>
                {state.info.timeToIdealWeight === 0
                  ? t('panel.physical.noWeightToLose')
                  : t('panel.physical.timeToIdealWeightValue', { value: localDigits(state.info.timeToIdealWeight, i18n.language) })}
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  )
}
