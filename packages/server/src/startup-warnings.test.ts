import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '../test/server-process.ts'

const dir = mkdtempSync(join(tmpdir(), 'startup-warnings-'))
let server: ServerProcess | undefined
afterAll(async () => {
  await server?.terminate()
  rmSync(dir, { recursive: true, force: true })
})

describe('start-up warnings about the environment', () => {
  it("log one warning naming the reference's variables that are set and ignored, and one while TLS verification is off", async () => {
    server = await startServerProcess({
      SQLITE_PATH: join(dir, 'gateway.db'),
      MEMORY_CACHE_ENABLED: 'true',
      PYROSCOPE_URL: 'http://pyroscope:4040',
      TLS_INSECURE_SKIP_VERIFY: 'true',
    })
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) =>
          JSON.parse(line) as {
            level: number
            msg: string
            ignored?: Record<string, string>
            TLS_INSECURE_SKIP_VERIFY?: boolean
          }
      )
    const ignored = lines.filter((line) => line.ignored !== undefined)
    expect(ignored).toHaveLength(1)
    expect(ignored[0]?.level).toBe(40)
    expect(Object.keys(ignored[0]?.ignored ?? {}).sort()).toEqual(['MEMORY_CACHE_ENABLED', 'PYROSCOPE_URL'])
    const tls = lines.filter((line) => line.TLS_INSECURE_SKIP_VERIFY === true)
    expect(tls).toHaveLength(1)
    expect(tls[0]?.level).toBe(40)
  }, 60_000)
})
