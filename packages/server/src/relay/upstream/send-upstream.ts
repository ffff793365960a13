import { channelPolicy } from '../../lib/outbound/address-policy.ts'
import type { ProviderAdapter } from '../../providers/types.ts'
import type { Services } from '../../services/container.ts'
import type { UpstreamCall } from '../build-upstream-request.ts'
import type { RelayChannel } from '../cache/channel-cache.ts'
import { sendOverWebSocket, type UpstreamAnswer } from './websocket-exchange.ts'

/** Sends one upstream call the way its adapter wants: HTTP through the pools, or a WebSocket. */
export function sendUpstream(
  services: Services,
  adapter: ProviderAdapter,
  channel: RelayChannel,
  call: UpstreamCall,
  stream: boolean,
  signal: AbortSignal
): Promise<UpstreamAnswer> {
  const policy = channelPolicy(services.options, channel.privateNetwork)
  if (adapter.transport === 'websocket') {
    return sendOverWebSocket({
      url: call.url,
      body: String(call.body),
      stream,
      signal,
      policy,
      idleMs: services.env.STREAMING_TIMEOUT * 1000,
    })
  }
  return services.relay.upstream.send(
    { url: call.url, method: 'POST', headers: call.headers, body: call.body, signal },
    policy
  )
}
