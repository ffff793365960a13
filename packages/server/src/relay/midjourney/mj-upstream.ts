import { channelPolicy } from '../../lib/outbound/address-policy.ts'
import type { Services } from '../../services/container.ts'
import type { RelayChannel } from '../cache/channel-cache.ts'
import { toReadable } from '../upstream/upstream-body.ts'
import { upstreamRequestId } from '../upstream/upstream-request-id.ts'
import { MjError } from './mj-errors.ts'

/** The largest proxy answer read (task lists are JSON; images are fetched elsewhere). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024

export interface MjAnswer {
  status: number
  text: string
  /** the proxy's id for its answer (its request-id header), '' when none */
  upstreamRequestId: string
}

/**
 * One call to a channel's Midjourney proxy: `{base}{path}` with the channel key in
 * `mj-api-secret`, through the relay's guarded upstream pools (channel outbound policy, no
 * redirects followed). Transport failures become a 502 in the proxy's error shape.
 */
export async function callMjProxy(
  services: Services,
  channel: RelayChannel,
  request: { method: 'GET' | 'POST'; path: string; body?: string; timeoutMs?: number; signal?: AbortSignal }
): Promise<MjAnswer> {
  const base = channel.baseUrl.replace(/\/+$/, '')
  let url: URL
  try {
    url = new URL(`${base}${request.path}`)
  } catch {
    throw new MjError(500, 'midjourney.channel_base_url_invalid', { id: channel.id })
  }
  const signals = [AbortSignal.timeout(request.timeoutMs ?? 60_000)]
  if (request.signal) signals.push(request.signal)
  const headers: Record<string, string> = { 'mj-api-secret': channel.key, accept: 'application/json' }
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  try {
    const policy = channelPolicy(services.options, channel.privateNetwork)
    const response = await services.relay.upstream.send(
      { url, method: request.method, headers, body: request.body, signal: AbortSignal.any(signals) },
      policy
    )
    const chunks: Buffer[] = []
    let size = 0
    const body = toReadable(response.body)
    for await (const chunk of body) {
      size += (chunk as Buffer).length
      if (size > MAX_ANSWER_BYTES) {
        body.destroy()
        throw new MjError(502, 'midjourney.upstream_bad_answer', {}, { type: 'upstream_error' })
      }
      chunks.push(chunk as Buffer)
    }
    return {
      status: response.statusCode,
      text: Buffer.concat(chunks).toString('utf8'),
      upstreamRequestId: upstreamRequestId(response.headers),
    }
  } catch (error) {
    if (error instanceof MjError) throw error
    throw new MjError(502, 'midjourney.upstream_failed', {}, { type: 'upstream_error' })
  }
}

/** The proxy's JSON answer as an object; anything else is an upstream fault. */
export function parseMjJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new MjError(502, 'midjourney.upstream_bad_answer', {}, { type: 'upstream_error' })
  }
}
