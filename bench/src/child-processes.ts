import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'

/** Every child the bench started; killed when the bench exits, however it exits. */
const children = new Set<ChildProcess>()

process.once('exit', () => killAllChildren())

export function killAllChildren(): void {
  for (const child of children) child.kill('SIGKILL')
}

export interface StartedChild {
  child: ChildProcess
  pid: number
  /** The last lines the child wrote to stdout and stderr, to explain a failure. */
  outputTail(): string[]
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
  stop(graceMs?: number): Promise<void>
}

const TAIL_LINES = 40

/** Spawns `node <script>` with piped output (always drained, so a chatty child never blocks). */
export function startNodeChild(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  onLine?: (line: string) => void,
  nodeArgs: string[] = []
): StartedChild {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] })
  children.add(child)
  child.once('exit', () => children.delete(child))
  const tail: string[] = []
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let pending = ''
    stream?.setEncoding('utf8')
    stream?.on('data', (text: string) => {
      pending += text
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        onLine?.(line)
        tail.push(line)
        if (tail.length > TAIL_LINES) tail.shift()
      }
    })
  }
  collect(child.stdout)
  collect(child.stderr)
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  return {
    child,
    pid: child.pid ?? 0,
    outputTail: () => [...tail],
    stop: async (graceMs = 5000) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
        await exited
        clearTimeout(timer)
      }
    },
  }
}

/** A port the OS just handed out; the child binds it a moment later. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const address = probe.address()
  await new Promise((done) => probe.close(done))
  return typeof address === 'object' && address ? address.port : 0
}
