export { ActiveDietCard } from './components/active-diet-card'
export { DietsPage, PanelHome } from './components/diets-page'
