export { SelectPackageCPage } from './components/select-package-c'
