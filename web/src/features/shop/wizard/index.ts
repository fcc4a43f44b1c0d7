export { SelectPackageFPage } from './components/select-package-f'
export { wizardPageGuard } from './page-guard'
