import type { OptionKey } from '../../services/options/option-defaults.ts'
import { classifyAddress, type AddressClass } from './address-class.ts'

/**
 * `user`: URLs that any account can supply (webhooks, image URLs) - public unicast only by default.
 * `channel`: base URLs an admin configures - may reach local model servers when allowed.
 */
export type OutboundPolicyKind = 'user' | 'channel'

/** An inclusive port range; a single port is `[p, p]`. */
export type PortRange = readonly [low: number, high: number]

/** Where server-side requests may go. Build it with `policyFor` so the admin settings apply. */
export interface OutboundPolicy {
  readonly kind: OutboundPolicyKind
  /**
   * Opens loopback, RFC 1918 / ULA, CGNAT (Tailscale) and benchmark (proxy fake-IP) ranges.
   * Metadata, link-local, unspecified, multicast, broadcast, documentation and reserved ranges stay
   * closed whatever this says: nothing legitimate lives there and credentials do.
   */
  readonly allowPrivate: boolean
  readonly ports: readonly PortRange[]
}

/** The ports new-api allowed for user URLs; a webhook on port 22 or 6379 is an attack, not a need. */
export const userPorts: readonly PortRange[] = [
  [80, 80],
  [443, 443],
  [8080, 8080],
  [8443, 8443],
]
/** Local model servers listen on high ports (Ollama 11434, vLLM 8000); privileged ones stay closed. */
export const channelPorts: readonly PortRange[] = [
  [80, 80],
  [443, 443],
  [1024, 65535],
]

const privateNetworkClasses: ReadonlySet<AddressClass> = new Set(['loopback', 'private', 'cgnat', 'benchmark'])

const policyOptionKeys = {
  user: 'UserUrlPrivateNetworkAllowed',
  channel: 'ChannelPrivateNetworkAllowed',
} as const satisfies Record<OutboundPolicyKind, OptionKey>

/** The part of the option store the policy needs; `services.options` fits. */
export interface OutboundPolicyOptions {
  bool(key: (typeof policyOptionKeys)[OutboundPolicyKind]): boolean
}

export function createOutboundPolicy(
  kind: OutboundPolicyKind,
  allowPrivate: boolean,
  ports: readonly PortRange[] = kind === 'user' ? userPorts : channelPorts
): OutboundPolicy {
  return Object.freeze({ kind, allowPrivate, ports })
}

/**
 * The policy the gateway settings ask for right now. Read it per request (it is a map lookup), so an
 * admin switching `ChannelPrivateNetworkAllowed` off takes effect without a restart.
 * @example guardedFetch(url, init, { policy: policyFor(services.options, 'user') })
 */
export function policyFor(options: OutboundPolicyOptions, kind: OutboundPolicyKind): OutboundPolicy {
  return standardPolicies[kind][options.bool(policyOptionKeys[kind]) ? 1 : 0]
}

/** The four policies the settings can ask for, made once (a relayed request reads one). */
const standardPolicies = {
  user: [createOutboundPolicy('user', false), createOutboundPolicy('user', true)],
  channel: [createOutboundPolicy('channel', false), createOutboundPolicy('channel', true)],
} as const satisfies Record<OutboundPolicyKind, readonly [OutboundPolicy, OutboundPolicy]>

/**
 * The policy for one channel: private networks open only when the root allowed them for this
 * channel (its `private_network` flag) or for every channel (`ChannelPrivateNetworkAllowed`).
 */
export function channelPolicy(options: OutboundPolicyOptions, privateNetwork: boolean): OutboundPolicy {
  return privateNetwork ? privateChannelPolicy : policyFor(options, 'channel')
}

const privateChannelPolicy = standardPolicies.channel[1]

export function isAddressClassAllowed(addressClass: AddressClass, policy: OutboundPolicy): boolean {
  if (addressClass === 'public') return true
  return policy.allowPrivate && privateNetworkClasses.has(addressClass)
}

/** True when an IP literal may be connected to; anything that is not an IP is refused. */
export function isAddressAllowed(address: string, policy: OutboundPolicy): boolean {
  const addressClass = classifyAddress(address)
  return addressClass !== undefined && isAddressClassAllowed(addressClass, policy)
}

export function isPortAllowed(port: number, policy: OutboundPolicy): boolean {
  return policy.ports.some(([low, high]) => port >= low && port <= high)
}

/** A stable identity for caching one dispatcher per distinct policy. */
export function policyCacheKey(policy: OutboundPolicy): string {
  let key = cacheKeys.get(policy)
  if (key === undefined) {
    key = `${policy.kind}|${policy.allowPrivate}|${policy.ports.map(([low, high]) => `${low}-${high}`).join(',')}`
    cacheKeys.set(policy, key)
  }
  return key
}

const cacheKeys = new WeakMap<OutboundPolicy, string>()
