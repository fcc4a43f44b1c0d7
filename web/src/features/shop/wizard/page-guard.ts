import { redirect, replace, type LoaderFunctionArgs } from 'react-router'
import { readChoices } from './domain/choices'
import { firstPageAddress, pageDecision } from './domain/page-rules'

/**
 * The wizard's page-number rules that need no configuration, as a route loader step: a non-numeric id goes to page 1
 * with x=x [RG-41]; a page whose earlier pages lack a stored choice is replaced by page 1 [RG-43]. Beyond the last
 * page [RG-42] is decided by the page once the configuration is loaded.
 */
export function wizardPageGuard({ request, params }: LoaderFunctionArgs): Response | null {
  const decision = pageDecision(params.id, readChoices())
  if (decision.kind === 'show') return null
  const target = firstPageAddress(decision, new URL(request.url).searchParams)
  return decision.kind === 'missingEarlierChoice' ? replace(target) : redirect(target)
}
