import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { answerValues, hasAnswerSet } from '../../domain/answer-store'
import { formLanguage, type Language } from '../../domain/validation'
import type { Flow } from '../../types'
import { isExternal, mealPlanDestination } from './meal-plan'

/** What every result page needs: whether the answer set is complete [QN-48], the answers, and the meal-plan action. */
export function useResultAnswers(flow: Flow) {
  const { i18n } = useTranslation()
  const navigate = useNavigate()
  const [complete] = useState(() => hasAnswerSet(flow))
  const [values] = useState(() => answerValues())
  const language: Language = formLanguage(i18n.language)
  const goToMealPlan = () => {
    const destination = mealPlanDestination()
    if (isExternal(destination)) window.location.assign(destination)
    else void navigate(destination)
  }
  return { complete, values, language, goToMealPlan }
}
