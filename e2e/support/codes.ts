/**
 * Reads the sign-in codes the BFF sent, from the simulators' control endpoints, as a QA engineer
 * would: GET /_sim/sms?receptor=… and GET /_sim/email?to=….
 */
import { expect } from '@playwright/test'
import type { RunningSimulators } from './bff'

async function latest(url: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(url)
  return response.ok ? ((await response.json()) as Record<string, unknown>) : null
}

/** The code in the newest SMS to `mobile` other than `previous`, waiting for it to arrive. */
export async function smsCode(simulators: RunningSimulators, mobile: string, previous?: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const sms = await latest(`${simulators.baseURL}/_sim/sms?receptor=${encodeURIComponent(mobile)}`)
      code = typeof sms?.token === 'string' ? sms.token : ''
      return code !== '' && code !== previous
    })
    .toBe(true)
  return code
}

/** The six-digit code in the newest e-mail to `address`, waiting for it to arrive. */
export async function emailCode(simulators: RunningSimulators, address: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const mail = await latest(`${simulators.baseURL}/_sim/email?to=${encodeURIComponent(address)}`)
      code = /\b\d{6}\b/.exec(typeof mail?.text === 'string' ? mail.text : '')?.[0] ?? ''
      return code
    })
    .not.toBe('')
  return code
}
