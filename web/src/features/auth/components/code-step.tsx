import { useCallback, useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { localDigits } from '@/lib/digits'
import { CODE_LENGTH, CODE_PLACEHOLDER, sanitiseCode } from '../domain/code'
import { lazyCheck } from '../domain/lazy-check'
import { useCountdown } from '../hooks/use-countdown'
import { useStepForm } from '../hooks/use-step-form'
import { useWebOtp } from '../hooks/use-web-otp'
import { FieldError, ServerError, type ServerFailure } from './field-error'
import { SubmitButton } from './submit-button'

interface CodeStepProps {
  headingId: string
  channel: 'sms' | 'email'
  shownMobile: string
  error: ServerFailure | null
  onEditMobile: () => void
  onSubmit: (code: string) => Promise<void>
  onResend: () => Promise<void>
  /** Set anew each time the server names how long until a code may be asked for again. */
  resendWait?: ResendWait
}

/** The seconds the server said are left before another code; a new object each time, so the same value restarts. */
export interface ResendWait {
  seconds: number
}

/**
 * LOGIN_MOBILE, LOGIN_EMAIL, REGISTER_MOBILE, REGISTER_EMAIL: heading, hint that a 6-digit code was sent, the number
 * as a button back to ENTER_MOBILE, the code field, the 'ورود' button with loading state, the resend block and the
 * server error area [AU-10…AU-24].
 */
export function CodeStep({ headingId, channel, shownMobile, error, onEditMobile, onSubmit, onResend, resendWait }: CodeStepProps) {
  const { t, i18n } = useTranslation()
  const mobile = localDigits(shownMobile, i18n.language)
  const errorId = useId()
  const timer = useCountdown()
  const { restart } = timer
  useEffect(() => {
    if (resendWait) restart(resendWait.seconds)
  }, [resendWait, restart])
  const { field, inputRef, setValue, handleSubmit, dirty, valid, submitting } = useStepForm({
    defaults: { code: '' },
    check: lazyCheck(({ codeSchema }) => codeSchema(channel)),
    focus: 'code',
  })
  const codeField = field('code')
  const submit = handleSubmit(async ({ code }) => onSubmit(sanitiseCode(code)))

  const autofill = useCallback(
    (code: string) => {
      setValue('code', sanitiseCode(code))
      void submit()
    },
    [setValue, submit],
  )
  useWebOtp(channel === 'sms', autofill)

  const resend = async () => {
    timer.restart()
    await onResend()
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="auth-heading">
        {t('auth.code.heading')}
      </h2>
      <p className="auth-hint">{channel === 'sms' ? t('auth.code.hintSms') : t('auth.code.hintEmail')}</p>
      <button
        type="button"
        className="auth-link"
        data-testid="shown-mobile"
        aria-label={t('auth.code.editMobile', { mobile })}
        onClick={onEditMobile}
      >
        <bdi dir="ltr">{mobile}</bdi>
      </button>
      <input
        ref={inputRef}
        name={codeField.name}
        className="auth-input auth-input--ltr auth-input--code"
        data-testid="code-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        aria-label={t('auth.code.label')}
        aria-invalid={codeField.invalid}
        aria-describedby={codeField.error ? errorId : undefined}
        placeholder={CODE_PLACEHOLDER.repeat(CODE_LENGTH)}
        data-max-length={CODE_LENGTH}
        value={codeField.value}
        onChange={(event) => codeField.onChange(sanitiseCode(event.target.value))}
      />
      <FieldError id={errorId} message={codeField.error} />
      <ServerError failure={error} />
      <SubmitButton label={t('auth.code.submit')} ready={dirty && valid} pending={submitting} spinner />
      <div className="auth-resend">
        <button
          type="button"
          className="auth-link"
          data-testid="resend-button"
          disabled={!timer.done}
          onClick={() => void resend()}
        >
          {t('auth.code.resend')}
        </button>
        {timer.done ? null : (
          <span className="auth-resend__timer" data-testid="resend-timer" data-seconds={timer.seconds} aria-live="off">
            {t('auth.code.resendIn', { seconds: localDigits(timer.seconds, i18n.language) })}
          </span>
        )}
      </div>
    </form>
  )
}
