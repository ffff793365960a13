import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupFunction } from 'node:net'
import { Agent, buildConnector } from 'undici'
import { isAddressAllowed, policyCacheKey, type OutboundPolicy } from './address-policy.ts'
import { OutboundBlockedError } from './outbound-errors.ts'
import { checkHostAndPort, effectivePort } from './url-check.ts'

export interface ResolvedAddress {
  readonly address: string
  readonly family: 4 | 6
}

/** Turns a host name into every address it has. Tests inject a fake one; nothing here uses real DNS then. */
export type OutboundResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>

export interface GuardedDispatcherOptions {
  /** Defaults to the OS resolver (so /etc/hosts and compose service names work for local models). */
  resolver?: OutboundResolver
  /** Milliseconds to establish TCP (and TLS); undici's default is 10 s. */
  connectTimeoutMs?: number
  /** accept any certificate (default: what setOutboundTlsVerification chose, verified unless told otherwise) */
  skipTlsVerify?: boolean
  /** Pool settings (keep-alive, connections per origin) for busy callers such as the relay. */
  agent?: Omit<Agent.Options, 'connect'>
}

/** `getaddrinfo` through `dns.lookup`, every answer, in the order the system gave them. */
export const systemResolver: OutboundResolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, order: 'verbatim' })
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }))
}

/**
 * Resolves a name and refuses it when ANY answer is disallowed, not just the first: a name that
 * answers both a public address and 127.0.0.1 would otherwise reach loopback whenever the kernel
 * (or Happy Eyeballs) tries the second one.
 */
export async function resolveAllowedAddresses(
  hostname: string,
  policy: OutboundPolicy,
  resolver: OutboundResolver
): Promise<readonly ResolvedAddress[]> {
  const answers = await resolver(hostname)
  if (answers.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  if (answers.some((answer) => !isAddressAllowed(answer.address, policy)))
    throw new OutboundBlockedError('ADDRESS_NOT_ALLOWED')
  return answers
}

/**
 * A `net.connect` lookup that hands the socket only addresses it has just checked. The check and
 * the connect use one resolution, so a name that re-resolves to 127.0.0.1 between "validate" and
 * "connect" (DNS rebinding) has no second resolution to exploit.
 */
export function createGuardedLookup(policy: OutboundPolicy, resolver: OutboundResolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family
    resolveAllowedAddresses(hostname, policy, resolver).then(
      (answers) => {
        const usable = family === 4 || family === 6 ? answers.filter((answer) => answer.family === family) : answers
        const first = usable[0]
        if (first === undefined) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0)
        } else if (options.all) {
          callback(
            null,
            usable.map((answer) => ({ address: answer.address, family: answer.family }))
          )
        } else {
          callback(null, first.address, first.family)
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0)
    )
  }
}

let skipTlsVerify = false

/**
 * TLS_INSECURE_SKIP_VERIFY: certificates of every outbound connection opened from now on are not
 * verified, as the reference switches off verification for its whole process. Set once at boot.
 */
export function setOutboundTlsVerification(verify: boolean): void {
  skipTlsVerify = !verify
}

/** TLS options for outbound sockets opened outside undici (WebSockets). */
export const outboundTlsOptions = (): { rejectUnauthorized?: false } =>
  skipTlsVerify ? { rejectUnauthorized: false } : {}

/**
 * The undici connector behind every guarded request. IP literals never reach a lookup function in
 * `net.connect`, so they (and the port) are checked here; names are checked by the pinned lookup.
 */
export function createGuardedConnector(
  policy: OutboundPolicy,
  options: GuardedDispatcherOptions = {}
): buildConnector.connector {
  const connect = buildConnector({
    lookup: createGuardedLookup(policy, options.resolver ?? systemResolver),
    ...(options.connectTimeoutMs === undefined ? {} : { timeout: options.connectTimeoutMs }),
    ...((options.skipTlsVerify ?? skipTlsVerify) ? { rejectUnauthorized: false } : {}),
  })
  return (connectOptions, callback) => {
    try {
      checkHostAndPort(connectOptions.hostname, effectivePort(connectOptions.protocol, connectOptions.port), policy)
    } catch (error) {
      queueMicrotask(() => callback(error as Error, null))
      return
    }
    connect(connectOptions, callback)
  }
}

/**
 * An undici `Agent` (keep-alive pool) that only ever opens sockets the policy allows. Give it to
 * undici `fetch`/`request` as `dispatcher`; the relay hot path uses it directly with the channel
 * policy, and `guardedFetch` adds the URL check, redirects, timeout and size cap on top.
 */
export function createGuardedDispatcher(policy: OutboundPolicy, options: GuardedDispatcherOptions = {}): Agent {
  return new Agent({ ...options.agent, connect: createGuardedConnector(policy, options) })
}

const dispatchers = new Map<string, Agent>()

/**
 * The shared dispatcher for a policy, created once so connections are reused. Policies are
 * compared by value: `policyFor` builds a new object per call and must still hit the cache.
 */
export function getGuardedDispatcher(policy: OutboundPolicy): Agent {
  const key = policyCacheKey(policy)
  let dispatcher = dispatchers.get(key)
  if (dispatcher === undefined) {
    dispatcher = createGuardedDispatcher(policy)
    dispatchers.set(key, dispatcher)
  }
  return dispatcher
}

/** Closes every shared dispatcher (graceful shutdown). Later calls create fresh ones. */
export async function closeGuardedDispatchers(): Promise<void> {
  const open = [...dispatchers.values()]
  dispatchers.clear()
  await Promise.all(open.map((dispatcher) => dispatcher.close()))
}
