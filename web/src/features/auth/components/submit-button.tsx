interface SubmitButtonProps {
  label: string
  /** The form is touched and valid [AU-22]. */
  ready: boolean
  /** The request is in flight: the button is busy and disabled [AU-24]. */
  pending: boolean
  /** Shows a spinner while pending (the code step's `ورود`). */
  spinner?: boolean
}

/** The submit button every sign-in step ends with. */
export function SubmitButton({ label, ready, pending, spinner = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="auth-button"
      data-testid="submit-button"
      data-loading={spinner ? (pending ? 'true' : 'false') : undefined}
      disabled={!ready || pending}
      aria-busy={pending}
    >
      {spinner && pending ? <span className="auth-spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  )
}
