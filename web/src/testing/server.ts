import { setupServer } from 'msw/node'
import { checkoutHandlers } from './checkout-handlers'
import { handlers } from './handlers'
import { packageHandlers } from './package-handlers'
import { wizardHandlers } from './wizard-handlers'

/** The msw server of unit tests; handlers reset after each test. */
export const server = setupServer(...handlers, ...checkoutHandlers, ...wizardHandlers, ...packageHandlers)
