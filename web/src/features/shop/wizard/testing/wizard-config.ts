import { HttpResponse } from 'msw'
import { twoPageWizardConfig } from '@/testing/data/wizard-configs'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import type { WizardConfig } from '../types'

export interface WizardRequests {
  /** The `{product}-integrations` path segments asked for. */
  integrations: string[]
  configIds: string[]
}

/**
 * Answers the config endpoint with `config` (under whatever id is asked) and the current-customer call with `mobile`;
 * returns the config ids asked for.
 */
export function serveWizard(config: WizardConfig = twoPageWizardConfig(), { mobile = '09121234567' } = {}): WizardRequests {
  const requests: WizardRequests = { integrations: [], configIds: [] }
  server.use(
    http.get('/lemonade/api/{integration}/config/{configId}', ({ params }) => {
      requests.integrations.push(String(params.integration))
      requests.configIds.push(String(params.configId))
      return HttpResponse.json({ ...config, id: String(params.configId) })
    }),
    http.get('/app/auth/currentUser', () =>
      HttpResponse.json({ status: 'success', msg: { firstName: 'unknown', lastName: 'unknown', mobile } }),
    ),
  )
  return requests
}
