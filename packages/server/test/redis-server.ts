import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

const BINARY = '/usr/bin/redis-server'
const START_TIMEOUT_MS = 5000

/** Whether this machine has the redis-server binary a test's own server needs. */
export const redisServerAvailable = (): boolean => existsSync(BINARY)

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/**
 * A redis-server of the test's own, on its own port, without persistence, so that a test can kill,
 * pause and restart it. Tests never do this to the shared Redis (port 6379) other tests use.
 */
export class RedisServer {
  readonly port: number
  private child: ChildProcess | undefined

  private constructor(port: number) {
    this.port = port
  }

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort())
    await server.restart()
    return server
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`
  }

  /** Starts the server (again) on the same port and resolves once it accepts connections. */
  async restart(): Promise<void> {
    if (this.child) throw new Error('redis-server is already running')
    const child = spawn(
      BINARY,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' }
    )
    this.child = child
    // A worker that ends before afterAll (a hook timeout) must not leave a server running.
    const orphaned = () => child.kill('SIGKILL')
    process.once('exit', orphaned)
    child.once('exit', () => {
      process.off('exit', orphaned)
      if (this.child === child) this.child = undefined
    })
    const deadline = Date.now() + START_TIMEOUT_MS
    while (!(await accepts(this.port))) {
      if (!this.child) throw new Error('redis-server exited at start')
      if (Date.now() > deadline)
        throw new Error(`redis-server did not listen on ${this.port} within ${START_TIMEOUT_MS} ms`)
      await sleep(20)
    }
  }

  /** kill -9: the server vanishes without closing anything politely. Resolves once it is gone. */
  async kill(): Promise<void> {
    const child = this.child
    if (!child) return
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await Promise.race([
      exited,
      sleep(START_TIMEOUT_MS).then(() => Promise.reject(new Error('redis-server did not die'))),
    ])
    this.child = undefined
  }

  /** SIGSTOP: connections stay open, commands are accepted and never answered (a hung server). */
  pause(): void {
    this.child?.kill('SIGSTOP')
  }

  resume(): void {
    this.child?.kill('SIGCONT')
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' })
    socket.setTimeout(500)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(false))
  })
}
