export { FranchisePage } from './components/franchise-page'
