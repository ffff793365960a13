import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url))

export interface ServerProcess {
  child: ChildProcess
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  /** the last lines it printed, to explain a failure */
  output(): string
  /** resolves with the exit code (or the signal's name) once the process has ended */
  exited: Promise<number | string>
  /** kill -9: no shutdown code runs (with WORKERS > 1, on the primary and every worker) */
  kill9(): Promise<void>
  /** SIGTERM, and the exit code when it ends */
  terminate(): Promise<number | string>
}

/**
 * The real server in its own process (`node src/main.ts`), for the tests that need what
 * app.request() cannot give: kill -9, signals, a database going away under a live process.
 * Resolves once it listens.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  timeoutMs = 30_000
): Promise<ServerProcess> {
  // One process unless a test asks for workers: the default (one per core) would vary with the machine.
  const workers = env.WORKERS ?? '1'
  // Several workers: their own process group, so that kill -9 reaches the workers as well as the primary.
  const group = workers !== '1'
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'process-test-secret',
      ...env,
      WORKERS: workers,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  })
  const lines: string[] = []
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1))
  )
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${lines.join('\n')}`)), timeoutMs)
    const read = (stream: NodeJS.ReadableStream | null) => {
      let pending = ''
      stream?.setEncoding('utf8')
      stream?.on('data', (text: string) => {
        pending += text
        const parts = pending.split('\n')
        pending = parts.pop() ?? ''
        for (const line of parts) {
          lines.push(line)
          if (lines.length > 200) lines.shift()
          const match = /"port":(\d+)/.exec(line)
          if (match && line.includes('console at')) {
            clearTimeout(timer)
            resolve(Number(match[1]))
          }
        }
      })
    }
    read(child.stdout)
    read(child.stderr)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}) before listening:\n${lines.join('\n')}`))
    })
  })
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => lines.join('\n'),
    exited,
    kill9: async () => {
      if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      else child.kill('SIGKILL')
      await exited
    },
    terminate: async () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}
