import { redirect, type LoaderFunction, type LoaderFunctionArgs } from 'react-router'
import { applyStoredGender, beginFlow } from './domain/answer-store'
import { findStep } from './domain/navigation'
import { flows } from './forms'
import type { FlowId } from './types'

/**
 * The loader of a questionnaire step route, run after the route's own landing loader: an unknown step (konkur's kn_5
 * included) goes to step 1; opening a step starts the flow's record [QN-41]; step 2 applies a stored gender [QN-46].
 */
export function quizStepLoader(flowId: FlowId, landing?: LoaderFunction) {
  return async (args: LoaderFunctionArgs) => {
    const landed: unknown = landing ? await landing(args) : null
    if (landed instanceof Response) return landed
    const flow = flows[flowId]
    const stepId = args.params.id ?? args.params.landing ?? ''
    const form = findStep(flow, stepId)
    if (form === undefined) return redirect(flow.stepPath(flow.firstStep))
    beginFlow(flow)
    if (form.order === 2) applyStoredGender(flow)
    return null
  }
}

/**
 * `/:landing`: the good-looking steps /bm_f1 … /bm_f17 after the old-landing effects [RG-30]. Spec 3 §2 maps no other
 * `/bm_{id}`; it is the old landing of the same questionnaire, so, like an unknown step of any flow, it goes to step 1
 * (the effects stay in session storage).
 */
export function goodLookingLandingLoader(landing: LoaderFunction) {
  return async (args: LoaderFunctionArgs) => {
    const landed: unknown = await landing(args)
    if (landed instanceof Response) return landed
    const flow = flows['good-looking']
    if (findStep(flow, args.params.landing ?? '') === undefined) return redirect(flow.stepPath(flow.firstStep))
    beginFlow(flow)
    return null
  }
}
