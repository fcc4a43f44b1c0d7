import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { settings } from '@/config/flags'
import { ApiError } from '@/lib/api'
import { trackClick } from '@/lib/analytics'
import { submitPendingForm } from '@/lib/auth'
import { checkMobile, confirmCode, sendCode, sendFileNumberCode, type Country } from '../api/sign-in'
import { authErrorKey, codeReasonKey } from '../domain/errors'
import { LEGAL_LINKS } from '../domain/legal-links'
import { displayMobile, IRAN_COUNTRY_ID } from '../domain/mobile'
import { isCodeStep, previousStep, stepAfterCheck, type AuthStep, type CodeStep as CodeStepName } from '../domain/steps'
import { rememberIdentity } from '../domain/stored-identity'
import { CodeStep, type ResendWait } from './code-step'
import { EmailStep } from './email-step'
import type { ServerFailure } from './field-error'
import { FileNumberStep } from './file-number-step'
import { MobileStep } from './mobile-step'
import '../auth.css'

/** Auth server state (spec 1 §3): PENDING while a login is in flight [AU-15]. */
export type ServerState = 'UNSAVED' | 'PENDING' | 'SAVED' | 'ERROR'

export interface AuthFlowStart {
  entry: AuthStep
  mobileNumber: string
  countryId: number
  dialCode: string
  email: string
}

interface FlowState extends AuthFlowStart {
  step: AuthStep
  /** The code was requested through /login-with-file-number. */
  viaFileNumber: boolean
}

interface AuthPopupProps {
  start: AuthFlowStart
  /** After a successful login or registration; the popup has closed [AU-08]. */
  onSignedIn: () => void
  /** The top bar's back button on the first step; without it (nothing to go back to) the first step has none. */
  onLeave?: () => void
}

/**
 * The sign-in popup: a modal that does not close on an outside click [AU-01], moving between the steps of spec 1 §4
 * [AU-02…AU-08], with the operator logo in its top bar when the operator theme is on [AU-54].
 */
export function AuthPopup({ start, onSignedIn, onLeave }: AuthPopupProps) {
  const { t } = useTranslation()
  const headingId = useId()
  const [flow, setFlow] = useState<FlowState>({ ...start, step: start.entry, viaFileNumber: false })
  const [error, setError] = useState<ServerFailure | null>(null)
  const [serverState, setServerState] = useState<ServerState>('UNSAVED')
  const [closed, setClosed] = useState(false)
  /** The wait the server named when it refused a code as asked for too soon: the resend countdown shows it. */
  const [resendWait, setResendWait] = useState<ResendWait>()
  const operatorTheme = settings.isOperatorTheme()
  const identity = { mobileNumber: flow.mobileNumber, countryId: flow.countryId }

  const noteWait = (failure: unknown) => {
    if (failure instanceof ApiError && failure.reason === 'RESEND_TOO_SOON' && failure.retryAfterSeconds !== undefined) {
      setResendWait({ seconds: failure.retryAfterSeconds })
    }
  }

  const fail = (failure: unknown, step: AuthStep) => {
    if (!(failure instanceof ApiError)) console.warn('sign-in call failed', failure)
    noteWait(failure)
    const refused = failure instanceof ApiError ? failure : undefined
    const reason = codeReasonKey(refused?.reason)
    setError({
      message: t(`auth.errors.${authErrorKey(refused?.code, step)}`),
      ...(reason ? { reason: t(`auth.errors.code.${reason}`) } : {}),
    })
  }

  const goTo = (step: AuthStep, patch: Partial<FlowState> = {}) => {
    setError(null)
    setResendWait(undefined)
    setFlow((current) => ({ ...current, ...patch, step }))
  }

  /**
   * After a refused send, the code step opens anyway when a code went out less than a minute ago: that code still
   * works. It is what a customer meets whose first answer was lost on a slow network and who tapped again, or who
   * reloaded, or asked in a second tab; without this they would wait a minute for a code they already hold.
   */
  const openWithEarlierCode = (failure: unknown, step: CodeStepName, patch: Partial<FlowState>): boolean => {
    if (!(failure instanceof ApiError) || failure.reason !== 'RESEND_TOO_SOON') return false
    goTo(step, patch)
    noteWait(failure)
    // The catalogue's message for the refused call stays [ER-04]; the line below it says what to do instead.
    setError({ message: t(`auth.errors.${authErrorKey(failure.code, step)}`), reason: t('auth.codeSentRecently') })
    return true
  }

  // A route that opens directly on a code step (a known number) requests the code once.
  const requested = useRef(false)
  useEffect(() => {
    if (requested.current || !isCodeStep(start.entry)) return
    requested.current = true
    sendCode(start.entry, { mobileNumber: start.mobileNumber, countryId: start.countryId }, start.email).catch(
      (failure: unknown) => fail(failure, start.entry),
    )
    // Runs once for the entry step.
    // eslint-disable-next-line react/exhaustive-deps
  }, [])

  const submitMobile = async (mobileNumber: string, country: Pick<Country, 'id' | 'code'>) => {
    setError(null)
    trackClick('get_otp', flow.step)
    const next = { mobileNumber, countryId: country.id }
    const patch = { ...next, dialCode: country.code, viaFileNumber: false }
    rememberIdentity(next)
    let step: AuthStep | undefined
    try {
      const check = await checkMobile(next)
      step = stepAfterCheck(check.isRegistered, check.authType)
      if (isCodeStep(step)) await sendCode(step, next)
      goTo(step, patch)
    } catch (failure) {
      if (!(step !== undefined && isCodeStep(step) && openWithEarlierCode(failure, step, patch))) fail(failure, 'ENTER_MOBILE')
    }
  }

  const submitEmail = async (email: string) => {
    setError(null)
    try {
      await sendCode('REGISTER_EMAIL', identity, email)
      goTo('REGISTER_EMAIL', { email })
    } catch (failure) {
      if (!openWithEarlierCode(failure, 'REGISTER_EMAIL', { email })) fail(failure, 'ENTER_EMAIL')
    }
  }

  const submitFileNumber = async (mobileNumber: string, profileNumber: string) => {
    setError(null)
    trackClick('get_otp', flow.step)
    const next = { mobileNumber, countryId: IRAN_COUNTRY_ID }
    const patch = { ...next, dialCode: '98', viaFileNumber: true }
    rememberIdentity(next)
    try {
      await sendFileNumberCode(next, profileNumber)
      goTo('LOGIN_MOBILE', patch)
    } catch (failure) {
      if (!openWithEarlierCode(failure, 'LOGIN_MOBILE', patch)) fail(failure, 'ENTER_FILE_NUMBER')
    }
  }

  const submitCode = async (step: CodeStepName, code: string) => {
    setError(null)
    trackClick('enter_otp', step)
    setServerState('PENDING')
    try {
      await confirmCode(step, identity, code)
      setServerState('SAVED')
      setClosed(true)
      await submitPendingForm(flow.mobileNumber)
      onSignedIn()
    } catch (failure) {
      setServerState('ERROR')
      fail(failure, step)
    }
  }

  const resend = async (step: CodeStepName) => {
    setError(null)
    trackClick('retry_get_otp', step)
    try {
      await sendCode(step, identity, flow.email)
    } catch (failure) {
      fail(failure, step)
    }
  }

  const editMobile = () => {
    trackClick('edit_mobile', flow.step)
    goTo(flow.viaFileNumber ? 'ENTER_FILE_NUMBER' : 'ENTER_MOBILE')
  }

  const previous = previousStep(flow.step, flow.entry)
  const back = previous === null ? onLeave : () => goTo(previous)

  if (closed) return null

  const { step } = flow
  // The notice's sentence around its two links: before, the terms, between, the privacy rules, after.
  const terms = t('auth.terms', { returnObjects: true })
  return (
    <div className="auth-overlay">
      <div
        className="auth-popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        data-testid="auth-popup"
        data-step={step}
        data-server-state={serverState}
      >
        <header className="auth-popup__bar">
          {/* Kept in place, hidden, where there is nothing to go back to: the logo stays centred. */}
          <button type="button" className="auth-popup__back" data-testid="auth-back" disabled={!back} onClick={back}>
            <span aria-hidden="true">→</span>
            <span className="visually-hidden">{t('auth.back')}</span>
          </button>
          <span className="auth-popup__logo" role="img" aria-label={t('app.logoAlt')}>
            {t('app.name')}
          </span>
          {operatorTheme ? (
            <span className="auth-popup__operator" data-testid="operator-logo" role="img" aria-label={t('auth.operatorLogo')} />
          ) : (
            <span className="auth-popup__spacer" aria-hidden="true" />
          )}
        </header>
        <div className="auth-popup__body">
          {step === 'ENTER_MOBILE' ? (
            <MobileStep
              key="mobile"
              headingId={headingId}
              initialMobile={flow.mobileNumber}
              initialCountryId={flow.countryId}
              initialDialCode={flow.dialCode}
              error={error}
              onSubmit={submitMobile}
            />
          ) : null}
          {step === 'ENTER_FILE_NUMBER' ? (
            <FileNumberStep
              headingId={headingId}
              initialMobile={flow.mobileNumber}
              error={error}
              onSubmit={submitFileNumber}
            />
          ) : null}
          {step === 'ENTER_EMAIL' ? (
            <EmailStep headingId={headingId} initialEmail={flow.email} error={error} onSubmit={submitEmail} />
          ) : null}
          {isCodeStep(step) ? (
            <CodeStep
              key={step}
              headingId={headingId}
              channel={step === 'LOGIN_EMAIL' || step === 'REGISTER_EMAIL' ? 'email' : 'sms'}
              shownMobile={displayMobile(flow.mobileNumber, flow.countryId, flow.dialCode)}
              error={error}
              onEditMobile={editMobile}
              onSubmit={(code) => submitCode(step, code)}
              onResend={() => resend(step)}
              resendWait={resendWait}
            />
          ) : null}
          {/* The terms open beside the sign-in, so a visitor reading them does not lose the step they are on. */}
          <p className="auth-terms" data-testid="terms-notice">
            {terms[0]}
            <a href={LEGAL_LINKS.terms} target="_blank" rel="noreferrer">
              {terms[1]}
            </a>
            {terms[2]}
            <a href={LEGAL_LINKS.privacy} target="_blank" rel="noreferrer">
              {terms[3]}
            </a>
            {terms[4]}
          </p>
        </div>
      </div>
    </div>
  )
}
