export { authApi, authMiddleware, createAuthenticatedClient, MISSING_TOKEN_MESSAGE, MissingTokenError } from './authenticated-client'
export { currentHashPath, goToLogin, loginPathFor, setLoginNavigator } from './login-redirect'
export {
  adoptLemonadeTokenCookie,
  clearToken,
  currentUserId,
  decodeToken,
  isLoggedIn,
  isTokenExpired,
  optionalBearer,
  readToken,
  storeToken,
  subscribeToken,
  TOKEN_KEY,
} from './token'
export { ensureTokenChecked, refreshToken, resetTokenCheck } from './verify'
export { setPendingForm, submitPendingForm } from './pending-form'
export { currentUserQueryOptions, isForeignMobile } from './current-user'
