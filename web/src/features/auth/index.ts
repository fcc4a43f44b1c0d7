export { revokeSession, useLogout, type LogoutRefusal } from './api/logout'
export { AuthScreen } from './components/auth-screen'
export { LogoutPage } from './components/logout-page'
export { SideMenu } from './components/side-menu'
