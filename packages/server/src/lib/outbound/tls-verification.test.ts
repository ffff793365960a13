import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOutboundPolicy } from './address-policy.ts'
import { createGuardedDispatcher, outboundTlsOptions, setOutboundTlsVerification } from './guarded-dispatcher.ts'

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

// A server with a self-signed certificate: what a verified client must refuse.
let server: Server | undefined
let dir = ''
let port = 0
beforeAll(async () => {
  if (!hasOpenssl) return
  dir = mkdtempSync(join(tmpdir(), 'tls-verify-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' }
  )
  server = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (_request, response) => response.end('secret')
  )
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  if (dir) rmSync(dir, { recursive: true, force: true })
})
afterEach(() => setOutboundTlsVerification(true))

// Loopback and any port: the server listens on 127.0.0.1 at a random one.
const policy = createOutboundPolicy('channel', true, [[1, 65535]])
const get = async (skip?: boolean) => {
  const dispatcher = createGuardedDispatcher(policy, skip === undefined ? {} : { skipTlsVerify: skip })
  try {
    const answer = await dispatcher.request({ origin: `https://127.0.0.1:${port}`, path: '/', method: 'GET' })
    return await answer.body.text()
  } finally {
    await dispatcher.close()
  }
}

describe.skipIf(!hasOpenssl)('TLS_INSECURE_SKIP_VERIFY', () => {
  it('refuses an unverifiable certificate by default', async () => {
    await expect(get()).rejects.toThrow(/self[- ]signed|certificate/i)
    expect(outboundTlsOptions()).toEqual({})
  })

  it('accepts it once verification is switched off for the process, and for WebSockets too', async () => {
    setOutboundTlsVerification(false)
    expect(await get()).toBe('secret')
    expect(outboundTlsOptions()).toEqual({ rejectUnauthorized: false })
  })

  it('lets one dispatcher keep verifying whatever the process chose', async () => {
    setOutboundTlsVerification(false)
    await expect(get(false)).rejects.toThrow(/self[- ]signed|certificate/i)
  })
})
