import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './redis-server.ts'

const BIN = '/usr/lib/postgresql/15/bin'

/** Whether this machine has the PostgreSQL server binaries a test's own cluster needs. */
export const ownPostgresAvailable = (): boolean => existsSync(join(BIN, 'initdb')) && existsSync(join(BIN, 'pg_ctl'))

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, its own port), so that a
 * test can stop and start it under load. The shared server on 5432 is never touched. PostgreSQL
 * refuses to run as root, so the cluster belongs to the machine's `postgres` user.
 */
export class OwnPostgres {
  readonly port: number
  private readonly dir: string

  private constructor(port: number, dir: string) {
    this.port = port
    this.dir = dir
  }

  static async create(): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'own-pg-'))
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
    const server = new OwnPostgres(await freePort(), dir)
    server.asPostgres('initdb', ['-D', server.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
    await server.start()
    return server
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`
  }

  private get dataDir(): string {
    return join(this.dir, 'data')
  }

  /** Starts (again) and waits until it accepts connections. */
  async start(): Promise<void> {
    this.asPostgres('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ])
  }

  /** Stops it: `fast` ends every connection at once, as a restart or failover does. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    this.asPostgres('pg_ctl', ['-D', this.dataDir, '-w', '-t', '30', '-m', mode, 'stop'])
  }

  async destroy(): Promise<void> {
    try {
      await this.stop('immediate')
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true })
  }

  private asPostgres(tool: string, args: string[]): void {
    execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args], { stdio: 'pipe', timeout: 60_000 })
  }
}
