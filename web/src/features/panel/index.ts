export { ActiveDietCard } from './components/active-diet-card'
export { DietsPage } from './components/diets-page'
