/**
 * Starts the real Limoo BFF binary for the e2e suite: port 0, a fresh temporary
 * SQLite database, the built web app and the demo catalogue. No fixed ports, no sleeps, no log
 * parsing: each process writes its bound port to a `--port-file` and then a `--ready-file`,
 * which this waits for.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, watch } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The e2e folder; relative paths in the environment are resolved against it, not the cwd. */
export const e2eDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
export const repoRoot = path.resolve(e2eDir, '..')

const fromE2e = (p: string) => path.resolve(e2eDir, p)

/** Binary to run: LIMOO_BFF_BIN, default ../target/debug/bff. */
export const bffBin = fromE2e(process.env.LIMOO_BFF_BIN ?? '../target/debug/bff')
/** The gateway simulators: LIMOO_SIMULATORS_BIN, default ../target/debug/simulators. */
export const simulatorsBin = fromE2e(process.env.LIMOO_SIMULATORS_BIN ?? '../target/debug/simulators')
/** Built web app the BFF serves: LIMOO_WEB_DIR, default ../web/dist. */
export const webDir = fromE2e(process.env.LIMOO_WEB_DIR ?? '../web/dist')
/** Where screenshots meant for humans go (git-ignored); logs go to each test's output folder. */
export const artifactsDir = fromE2e('artifacts')

/** How long a process may take to write its ready file (a deadline, not a sleep). */
const startupDeadlineMs = 30_000
/** Both processes listen on the loopback address (their default host). */
const loopback = '127.0.0.1'

/** Fails with the build command to run when the binary or the web build is missing. */
export function assertBuilt(): void {
  const problems: string[] = []
  const binaries = [
    { bin: bffBin, crate: 'limoo-bff', variable: 'LIMOO_BFF_BIN' },
    { bin: simulatorsBin, crate: 'limoo-simulators', variable: 'LIMOO_SIMULATORS_BIN' },
  ]
  for (const { bin, crate, variable } of binaries) {
    if (!existsSync(bin) || !statSync(bin).isFile()) {
      problems.push(
        `Binary not found at ${bin}.\n` +
          `  Build it:  (cd ${repoRoot} && cargo build -p ${crate})\n` +
          `  or point ${variable} at an existing binary.`,
      )
    }
  }
  if (!existsSync(path.join(webDir, 'index.html'))) {
    problems.push(
      `Built web app not found at ${webDir} (no index.html).\n` +
        `  Build it:  npm --prefix ${path.join(repoRoot, 'web')} ci && npm --prefix ${path.join(repoRoot, 'web')} run build\n` +
        `  or point LIMOO_WEB_DIR at an existing build.`,
    )
  }
  if (problems.length > 0) {
    throw new Error(`Limoo e2e cannot start:\n\n${problems.join('\n\n')}\n`)
  }
}

export interface RunningSimulators {
  /** e.g. http://127.0.0.1:40124; the control endpoints live under /_sim. */
  baseURL: string
  kavenegarURL: string
  smtpHost: string
  smtpPort: string
  stop(): Promise<void>
}

/** Starts the gateway simulators (SMS and e-mail now) on random ports, logging to `logFile`. */
export async function startSimulators(logFile: string): Promise<RunningSimulators> {
  assertBuilt()
  const runDir = mkdtempSync(path.join(tmpdir(), 'limoo-e2e-sim-'))
  const files = readinessFiles(runDir)
  const smtpPortFile = path.join(runDir, 'smtp-port')
  const child = spawnLogged(
    simulatorsBin,
    ['--port', '0', '--smtp-port', '0', ...files.args, '--smtp-port-file', smtpPortFile],
    { env: { ...process.env, NO_COLOR: '1' } },
    logFile,
  )
  const stop = async () => {
    await terminate(child)
    rmSync(runDir, { recursive: true, force: true })
  }
  try {
    const port = await files.ready(child, logFile, 'the simulators')
    const baseURL = `http://${loopback}:${port}`
    const smtpPort = readFileSync(smtpPortFile, 'utf8').trim()
    return { baseURL, kavenegarURL: `${baseURL}/kavenegar`, smtpHost: loopback, smtpPort, stop }
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\nSimulators log: ${logFile}`)
  }
}

export interface RunningBff {
  /** e.g. http://127.0.0.1:40123 */
  baseURL: string
  /** Log file holding the BFF's stdout and stderr. */
  logFile: string
  /** The test's own SQLite database file, for journeys that check what reached the database. */
  databaseFile: string
  stop(): Promise<void>
}

/** Where the journeys' customers pay by card to card or PayPal (TRANSFER_* of the BFF, the values run.sh uses). */
export const TRANSFER_DESTINATION = {
  cardNumber: '6037997599990001',
  holder: 'لیمو سلامت',
  bank: 'بانک ملی',
  paypalAccount: 'paypal@limoo.example',
}

/**
 * Spawns the BFF with PORT=0 and a fresh SQLite database in its own temporary directory, logging
 * to `logFile`; resolves once it logs its address. `stop()` kills it and deletes the directory.
 */
export async function startBff(logFile: string, simulators: RunningSimulators): Promise<RunningBff> {
  assertBuilt()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'limoo-e2e-'))
  const databaseFile = path.join(dataDir, 'limoo.db')
  const files = readinessFiles(dataDir)

  const child = spawnLogged(bffBin, ['serve', ...files.args], {
    cwd: dataDir,
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: `sqlite://${databaseFile}`,
      WEB_DIR: webDir,
      DEMO_DATA: 'true',
      KAVENEGAR_BASE_URL: simulators.kavenegarURL,
      KAVENEGAR_API_KEY: 'sim-key',
      // Every gateway is the simulators' (Vandar is the default online gateway), hosted pages included.
      VANDAR_BASE_URL: `${simulators.baseURL}/vandar`,
      PAYPING_BASE_URL: `${simulators.baseURL}/payping`,
      SNAPP_PAY_BASE_URL: `${simulators.baseURL}/snapppay`,
      DIGIPAY_BASE_URL: `${simulators.baseURL}/digipay/api`,
      TARA_BASE_URL: `${simulators.baseURL}/tara`,
      SAMAN_BASE_URL: `${simulators.baseURL}/saman`,
      GUMROAD_BASE_URL: `${simulators.baseURL}/gumroad`,
      GUMROAD_API_BASE_URL: `${simulators.baseURL}/gumroad`,
      // The demo offers every gateway, as ./run.sh does.
      PAYMENT_METHODS: 'SNAPP_PAY,SAMAN,DIGIPAY,TARA,GUMROAD',
      // Without a chat widget the support bubble offers these; with none configured there is no bubble.
      SUPPORT_PHONE: '021-91001234',
      SUPPORT_EMAIL: 'support@limoo.ir',
      // The success page's mentor button links here followed by the customer's profile number.
      MENTOR_LINK_BASE_URL: 'https://mentor.limoo.test/mentor/',
      TRANSFER_CARD_NUMBER: TRANSFER_DESTINATION.cardNumber,
      TRANSFER_CARD_HOLDER: TRANSFER_DESTINATION.holder,
      TRANSFER_CARD_BANK: TRANSFER_DESTINATION.bank,
      TRANSFER_PAYPAL_ACCOUNT: TRANSFER_DESTINATION.paypalAccount,
      TRANSFER_PAYPAL_TOMAN_PER_USD: '100000',
      SMTP_HOST: simulators.smtpHost,
      SMTP_PORT: simulators.smtpPort,
      // Journeys sign the same number in twice within a minute; the 60 s resend rule itself is
      // covered by the Rust API and Gherkin suites.
      OTP_RESEND_SECONDS: '1',
      // PUBLIC_BASE_URL stays unset on purpose: the BFF then takes the address it binds (random here), which is
      // the baseURL the journeys browse, so payments come back to it. A value from the caller's shell would not.
      PUBLIC_BASE_URL: undefined,
      PAYMENT_CALLBACK_BASE_URL: undefined,
      PAYMENT_RESULT_ORIGINS: undefined,
      RUST_LOG: process.env.LIMOO_BFF_LOG ?? 'info',
      NO_COLOR: '1',
    },
  }, logFile)

  const cleanup = () => rmSync(dataDir, { recursive: true, force: true })
  const stop = async () => {
    await terminate(child)
    cleanup()
  }

  try {
    const port = await files.ready(child, logFile, 'the BFF')
    return { baseURL: `http://${loopback}:${port}`, logFile, databaseFile, stop }
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\nBFF log: ${logFile}`)
  }
}

/** Spawns `bin` with its stdout and stderr appended to `logFile` (no pipe to drain). */
function spawnLogged(bin: string, args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }, logFile: string) {
  const log = openSync(logFile, 'a')
  try {
    return spawn(bin, args, { ...options, stdio: ['ignore', log, log] })
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(log)
  }
}

/** The `--port-file` and `--ready-file` of one process in `dir`, and a wait for them. */
function readinessFiles(dir: string) {
  const portFile = path.join(dir, 'port')
  const readyFile = path.join(dir, 'ready')
  return {
    args: ['--port-file', portFile, '--ready-file', readyFile],
    /** The bound port, once the ready file exists (the port file is written before it). */
    ready: async (child: ChildProcess, logFile: string, label: string): Promise<string> => {
      await waitForFile(child, dir, path.basename(readyFile), logFile, label)
      return readFileSync(portFile, 'utf8').trim()
    },
  }
}

/** Resolves once `dir/name` exists, watching the folder (a deadline, not a sleep); rejects if `child` exits first. */
function waitForFile(child: ChildProcess, dir: string, name: string, logFile: string, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const file = path.join(dir, name)
    const watcher = watch(dir, () => {
      if (existsSync(file)) settle(resolve)
    })
    const lastOutput = () => readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n')
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      settle(() => reject(new Error(`${label} exited (code ${code}, signal ${signal}) before it was ready.\nLast output:\n${lastOutput()}`)))
    const onError = (error: Error) => settle(() => reject(new Error(`Could not start ${label}: ${error.message}`)))
    const deadline = setTimeout(
      () => settle(() => reject(new Error(`${label} was not ready within ${startupDeadlineMs / 1000} s.\nLast output:\n${lastOutput()}`))),
      startupDeadlineMs,
    )
    let settled = false
    function settle(fn: () => void) {
      if (settled) return
      settled = true
      watcher.close()
      clearTimeout(deadline)
      child.off('exit', onExit)
      child.off('error', onError)
      fn()
    }
    child.once('exit', onExit)
    child.once('error', onError)
    // It may have appeared before the watch began.
    if (existsSync(file)) settle(resolve)
  })
}

/** SIGTERM, then SIGKILL if it has not exited within 5 s. */
function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
