import { HttpResponse } from 'msw'
import { twoPageWizardConfig } from './data/wizard-configs'
import { http } from './http'

/** Default answer of the wizard's config call (any id); a test overrides it with `server.use(...)`. */
export const wizardHandlers = [
  http.get('/lemonade/api/{integration}/config/{configId}', ({ params }) =>
    HttpResponse.json({ ...twoPageWizardConfig(), id: String(params.configId) }),
  ),
]
