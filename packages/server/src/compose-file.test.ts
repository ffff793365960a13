import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { envSchema } from './env.ts'

/**
 * The repository's compose.yaml (two instances, PostgreSQL, Redis, a proxy), checked without
 * Docker: it parses, every variable it gives the gateway is one the gateway reads, the instances
 * agree where they must, and every dependency waits on a health check that exists.
 */

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url))
const read = (path: string) => readFileSync(root(path), 'utf8')

interface Service {
  build?: string
  image?: string
  environment?: Record<string, string>
  healthcheck?: { test: string[] }
  depends_on?: Record<string, { condition: string }>
  volumes?: string[]
  ports?: string[]
  stop_grace_period?: string
  networks?: string[] | Record<string, { ipv4_address?: string }>
}
interface ComposeFile {
  services: Record<string, Service>
  volumes: Record<string, unknown>
}

// Compose resolves YAML merge keys (<<), as the yaml package does with `merge`.
const compose = parse(read('compose.yaml'), { merge: true }) as ComposeFile
const { services } = compose
const master = services['gateway-master']
const slave = services['gateway-slave']
const gateways = [master, slave]
/** Variables compose.yaml takes from .env: `${NAME}`, `${NAME:-default}`, `${NAME:?message}`. */
const variables = (text: string) => new Set([...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]))

describe('compose.yaml', () => {
  it('has two gateway instances, PostgreSQL, Redis and a proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway-master', 'gateway-slave', 'postgres', 'proxy', 'redis'])
    for (const gateway of gateways) expect(gateway?.build).toBe('.')
    expect(services.postgres?.image).toMatch(/^postgres:\d+$/)
    expect(services.redis?.image).toMatch(/^redis:\d+/)
  })

  it('runs one master and one slave', () => {
    expect(master?.environment?.NODE_TYPE).toBe('master')
    expect(slave?.environment?.NODE_TYPE).toBe('slave')
  })

  it('gives the gateway only variables it reads', () => {
    const known = new Set(Object.keys(envSchema.shape))
    for (const gateway of gateways) {
      const unknown = Object.keys(gateway?.environment ?? {}).filter((name) => !known.has(name))
      expect(unknown).toEqual([])
    }
  })

  it('gives both instances the same database, Redis and secrets, the secrets from .env', () => {
    for (const name of [
      'SQL_DSN',
      'REDIS_CONN_STRING',
      'SESSION_SECRET',
      'CRYPTO_SECRET',
      'TRUSTED_PROXIES',
      'REDIS_KEY_PREFIX',
    ] as const) {
      expect(slave?.environment?.[name]).toBe(master?.environment?.[name])
    }
    expect(master?.environment?.SQL_DSN).toMatch(
      /^postgres:\/\/gateway:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/gateway$/
    )
    expect(master?.environment?.REDIS_CONN_STRING).toBe('redis://redis:6379')
    expect(master?.environment?.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?[^}]*\}$/)
    expect(master?.environment?.CRYPTO_SECRET).toMatch(/^\$\{CRYPTO_SECRET:\?[^}]*\}$/)
  })

  it('believes forwarded client addresses from the proxy only', () => {
    const networks = services.proxy?.networks as Record<string, { ipv4_address?: string }>
    expect(master?.environment?.TRUSTED_PROXIES).toBe(networks.gateway?.ipv4_address)
  })

  it('keeps a separate data volume per instance (the ledger spool) and PostgreSQL on a named volume', () => {
    expect(master?.volumes).toEqual(['gateway-master-data:/app/data'])
    expect(slave?.volumes).toEqual(['gateway-slave-data:/app/data'])
    expect(services.postgres?.volumes).toEqual(['postgres-data:/var/lib/postgresql/data'])
    expect(Object.keys(compose.volumes).sort()).toEqual(['gateway-master-data', 'gateway-slave-data', 'postgres-data'])
  })

  it('gives requests in flight their shutdown time before Docker kills an instance', () => {
    const shutdownSeconds = envSchema.shape.SHUTDOWN_TIMEOUT_SECONDS.parse(
      master?.environment?.SHUTDOWN_TIMEOUT_SECONDS
    )
    for (const gateway of gateways) {
      const grace = /^(\d+)s$/.exec(gateway?.stop_grace_period ?? '')
      expect(Number(grace?.[1])).toBeGreaterThan(shutdownSeconds)
    }
  })

  it('checks the gateways on /readyz', () => {
    for (const gateway of gateways)
      expect(gateway?.healthcheck?.test.join(' ')).toContain("fetch('http://127.0.0.1:3000/readyz')")
    expect(services.postgres?.healthcheck?.test).toEqual(['CMD-SHELL', 'pg_isready -U gateway -d gateway'])
    expect(services.redis?.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping'])
  })

  it('starts each service after its dependencies are healthy, the slave after the master has migrated', () => {
    const order: Record<string, string[]> = {
      'gateway-master': ['postgres', 'redis'],
      'gateway-slave': ['postgres', 'redis', 'gateway-master'],
      proxy: ['gateway-master', 'gateway-slave'],
    }
    for (const [name, needs] of Object.entries(order)) {
      const dependsOn = services[name]?.depends_on ?? {}
      expect(Object.keys(dependsOn).sort()).toEqual([...needs].sort())
      for (const need of needs) {
        expect(dependsOn[need]?.condition).toBe('service_healthy')
        expect(services[need]?.healthcheck).toBeDefined()
      }
    }
  })

  it('asks .env for exactly the variables the example defines, with no real secret in it', () => {
    const example = read('deploy/compose.env.example')
    const defined = new Map(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const)
    )
    expect([...variables(read('compose.yaml'))].sort()).toEqual([...defined.keys()].sort())
    for (const name of ['POSTGRES_PASSWORD', 'SESSION_SECRET', 'CRYPTO_SECRET'])
      expect(defined.get(name)).toMatch(/^change-me-/)
  })
})

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile')

  it('listens on the port compose publishes and sends to both instances, checking /readyz', () => {
    expect(services.proxy?.ports).toEqual(['${GATEWAY_PORT:-8080}:8080'])
    expect(services.proxy?.volumes).toEqual(['./deploy/Caddyfile:/etc/caddy/Caddyfile:ro'])
    expect(caddyfile).toMatch(/^:8080 \{$/m)
    expect(caddyfile).toMatch(/^\treverse_proxy gateway-master:3000 gateway-slave:3000 \{$/m)
    expect(caddyfile).toMatch(/^\t\thealth_uri \/readyz$/m)
    // Streams must not wait in a buffer.
    expect(caddyfile).toMatch(/^\t\tflush_interval -1$/m)
  })

  it('reaches the port the image listens on', () => {
    expect(read('Dockerfile')).toMatch(/^EXPOSE 3000$/m)
  })
})
