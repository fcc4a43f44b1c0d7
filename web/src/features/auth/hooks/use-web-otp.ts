import { useEffect, useRef } from 'react'

interface OtpCredentialLike {
  code?: string
}

/** WebOTP: whether the browser can read a text-message code by itself. */
export function supportsWebOtp(): boolean {
  return typeof window !== 'undefined' && 'OTPCredential' in window && typeof navigator.credentials?.get === 'function'
}

/**
 * On mount, when supported, asks the browser for the code of the incoming text message
 * (`navigator.credentials.get({ otp: { transport: ['sms'] } })`) and hands it over for fill-in and auto-submit [AU-17].
 */
export function useWebOtp(enabled: boolean, onCode: (code: string) => void) {
  const latest = useRef(onCode)
  useEffect(() => {
    latest.current = onCode
  })

  useEffect(() => {
    if (!enabled || !supportsWebOtp()) return
    const controller = new AbortController()
    const request = { otp: { transport: ['sms'] }, signal: controller.signal } as unknown as CredentialRequestOptions
    navigator.credentials
      .get(request)
      .then((credential) => {
        const code = (credential as OtpCredentialLike | null)?.code
        if (code) latest.current(code)
      })
      .catch(() => {
        // Aborted on unmount or refused by the user: typing the code still works.
      })
    return () => controller.abort()
  }, [enabled])
}
