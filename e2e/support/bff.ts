/**
 * Starts the real Limoo BFF binary for the e2e suite: port 0, a fresh temporary
 * SQLite database, the built web app and the demo catalogue. No fixed ports, no sleeps:
 * the base URL is read from the BFF's own "listening on" log line.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The e2e folder; relative paths in the environment are resolved against it, not the cwd. */
export const e2eDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
export const repoRoot = path.resolve(e2eDir, '..')

const fromE2e = (p: string) => path.resolve(e2eDir, p)

/** Binary to run: LIMOO_BFF_BIN, default ../target/debug/bff. */
export const bffBin = fromE2e(process.env.LIMOO_BFF_BIN ?? '../target/debug/bff')
/** Built web app the BFF serves: LIMOO_WEB_DIR, default ../web/dist. */
export const webDir = fromE2e(process.env.LIMOO_WEB_DIR ?? '../web/dist')
/** Where logs and screenshots meant for humans go (git-ignored). */
export const artifactsDir = fromE2e('artifacts')

/** How long the BFF may take to print its listening line (a deadline, not a sleep). */
const startupDeadlineMs = 30_000
const listeningLine = /listening on (http:\/\/[^\s]+)/
// tracing's fmt layer colours its output; strip SGR sequences before matching.
// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g

/** Fails with the build command to run when the binary or the web build is missing. */
export function assertBuilt(): void {
  const problems: string[] = []
  if (!existsSync(bffBin) || !statSync(bffBin).isFile()) {
    problems.push(
      `BFF binary not found at ${bffBin}.\n` +
        `  Build it:  (cd ${repoRoot} && cargo build -p limoo-bff)\n` +
        `  or point LIMOO_BFF_BIN at an existing binary.`,
    )
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

export interface RunningBff {
  /** e.g. http://127.0.0.1:40123 */
  baseURL: string
  /** Log file holding the BFF's stdout and stderr. */
  logFile: string
  stop(): Promise<void>
}

/**
 * Spawns the BFF with PORT=0 and a fresh SQLite database in its own temporary
 * directory; resolves once it logs its address. `stop()` kills it and deletes the directory.
 */
export async function startBff(name: string): Promise<RunningBff> {
  assertBuilt()
  const dataDir = mkdtempSync(path.join(tmpdir(), `limoo-e2e-${name}-`))
  mkdirSync(artifactsDir, { recursive: true })
  const logFile = path.join(artifactsDir, `bff-${name}.log`)
  const log = createWriteStream(logFile)

  const child = spawn(bffBin, ['serve'], {
    cwd: dataDir,
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: `sqlite://${path.join(dataDir, 'limoo.db')}`,
      WEB_DIR: webDir,
      DEMO_DATA: 'true',
      // The listening line is logged at INFO; a caller's RUST_LOG=warn would hide it.
      RUST_LOG: process.env.LIMOO_BFF_LOG ?? 'info',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })

  const cleanup = () => rmSync(dataDir, { recursive: true, force: true })
  const stop = async () => {
    await terminate(child)
    await new Promise<void>((resolve) => log.end(resolve))
    cleanup()
  }

  try {
    const baseURL = await waitForListening(child, log)
    return { baseURL, logFile, stop }
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\nBFF log: ${logFile}`)
  }
}

function waitForListening(child: ChildProcess, log: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let pending = ''
    let settled = false
    const tail: string[] = []
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      fn()
    }
    const onChunk = (chunk: Buffer) => {
      // Always keep draining (and logging) so the BFF never blocks on a full pipe.
      log.write(chunk)
      if (settled) return
      pending += chunk.toString('utf8')
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const raw of lines) {
        const line = raw.replace(ansi, '')
        tail.push(line)
        if (tail.length > 20) tail.shift()
        const match = listeningLine.exec(line)
        if (match?.[1]) {
          const url = match[1].replace(/\/+$/, '')
          settle(() => resolve(url))
          return
        }
      }
    }
    child.stdout?.on('data', onChunk)
    child.stderr?.on('data', onChunk)
    child.once('error', (error) =>
      settle(() => reject(new Error(`Could not start the BFF (${bffBin}): ${error.message}`))),
    )
    child.once('exit', (code, signal) =>
      settle(() =>
        reject(
          new Error(
            `The BFF exited (code ${code}, signal ${signal}) before logging "listening on http://...".\n` +
              `Last output:\n${tail.join('\n')}`,
          ),
        ),
      ),
    )
    const deadline = setTimeout(
      () =>
        settle(() =>
          reject(
            new Error(
              `The BFF did not log "listening on http://..." within ${startupDeadlineMs / 1000} s.\n` +
                `Last output:\n${tail.join('\n')}`,
            ),
          ),
        ),
      startupDeadlineMs,
    )
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
