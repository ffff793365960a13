import { LogType } from '@gateway/shared'
import WebSocket, { type RawData } from 'ws'
import { logText } from '../../i18n/log-text.ts'
import { translate } from '../../i18n/messages.ts'
import { channelPolicy } from '../../lib/outbound/address-policy.ts'
import { createGuardedLookup, outboundTlsOptions, systemResolver } from '../../lib/outbound/guarded-dispatcher.ts'
import { checkOutboundUrl } from '../../lib/outbound/url-check.ts'
import { nowSeconds } from '../../lib/time.ts'
import {
  audioRatiosFor,
  readRealtimeUsage,
  realtimeQuota,
  type RealtimeUsage,
} from '../../services/billing/realtime-price.ts'
import type { Price } from '../../services/billing/resolve-price.ts'
import type { Services } from '../../services/container.ts'
import type { RelayChannel } from '../cache/channel-cache.ts'
import type { RelayToken, RelayUser } from '../cache/token-cache.ts'
import type { Hold } from '../ledger/quota-ledger.ts'
import { upstreamRequestId } from '../upstream/upstream-request-id.ts'

export interface RealtimeSessionInput {
  services: Services
  client: WebSocket
  user: RelayUser
  token: RelayToken
  group: string
  channel: RelayChannel
  model: string
  upstreamModel: string
  price: Price
  /** the session's reservation, grown as its responses cost more */
  hold: Hold
  clientIp: string
  startedMs: number
  /** ours (X-Oneapi-Request-Id of the upgrade) and the upstream's, for the log row */
  requestId: string
  upstreamRequestId: string
}

const UPSTREAM_OPEN_TIMEOUT_MS = 10_000

/** The upstream's WebSocket address for a channel: its base URL with ws(s) and /v1/realtime. */
export function realtimeUrl(channel: RelayChannel, upstreamModel: string): URL {
  const base = (channel.baseUrl || 'https://api.openai.com').replace(/\/+$/, '')
  const url = new URL(`${base}/v1/realtime`)
  url.searchParams.set('model', upstreamModel)
  return url
}

/**
 * Opens the upstream side of a realtime session through the outbound guard (channel policy, the
 * DNS answer checked and pinned), with the channel's key. Resolves once it is open.
 */
export interface UpstreamConnection {
  socket: WebSocket
  /** what the upstream sent before the client side was bridged (session.created comes at once) */
  early: { data: RawData; isBinary: boolean }[]
  stopBuffering(): void
  /** the id the upstream gave the session in its upgrade answer, '' when none */
  upstreamRequestId: string
}

export function connectUpstream(
  services: Services,
  channel: RelayChannel,
  upstreamModel: string
): Promise<UpstreamConnection> {
  const policy = channelPolicy(services.options, channel.privateNetwork)
  const url = checkOutboundUrl(realtimeUrl(channel, upstreamModel), policy)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  const upstream = new WebSocket(url, {
    headers: { authorization: `Bearer ${channel.key}`, 'openai-beta': 'realtime=v1' },
    lookup: createGuardedLookup(policy, systemResolver),
    ...outboundTlsOptions(),
    handshakeTimeout: UPSTREAM_OPEN_TIMEOUT_MS,
    maxPayload: 16 * 1024 * 1024,
    followRedirects: false,
  })
  const early: UpstreamConnection['early'] = []
  const buffer = (data: RawData, isBinary: boolean) => early.push({ data, isBinary })
  upstream.on('message', buffer)
  let upstreamRequestIdOf = ''
  upstream.once('upgrade', (response) => {
    upstreamRequestIdOf = upstreamRequestId(response.headers)
  })
  return new Promise((resolve, reject) => {
    upstream.once('open', () =>
      resolve({
        socket: upstream,
        early,
        stopBuffering: () => upstream.off('message', buffer),
        upstreamRequestId: upstreamRequestIdOf,
      })
    )
    upstream.once('error', reject)
    upstream.once('unexpected-response', (_request, response) => {
      reject(new Error(`upstream answered ${response.statusCode}`))
      upstream.terminate()
    })
  })
}

const RESPONSE_DONE = '"response.done"'

/**
 * Bridges a client and an upstream realtime WebSocket byte for byte. Every upstream
 * `response.done` is billed at once from its usage: the quota beyond what is already reserved is
 * reserved then, and a session the balance cannot cover ends with an error event. When either
 * side closes, the other is closed, the reservation is settled against the total, and one log
 * row summarises the session.
 */
export function bridgeRealtime(input: RealtimeSessionInput, connection: UpstreamConnection): void {
  const { services, client } = input
  const upstream = connection.socket
  const total: RealtimeUsage = { textIn: 0, audioIn: 0, cachedIn: 0, textOut: 0, audioOut: 0 }
  let charged = 0
  /** what the session opened with: a per-call price is its whole cost */
  const opening = input.hold.amount
  let firstTokenMs: number | undefined
  let finished = false
  let billing = Promise.resolve()

  const closeBoth = (code: number, reason: string) => {
    if (client.readyState === WebSocket.OPEN) client.close(code, reason)
    if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) upstream.close()
  }

  const bill = async (usage: RealtimeUsage) => {
    for (const key of Object.keys(total) as (keyof RealtimeUsage)[]) total[key] += usage[key]
    charged += realtimeQuota(input.price, usage, input.model)
    const missing = charged - input.hold.amount
    if (missing <= 0) return
    const shortfall = await services.relay.ledger.grow(input.hold, missing)
    if (shortfall) {
      const message = translate(
        shortfall === 'token' ? 'realtime.token_quota_exhausted' : 'realtime.user_quota_exhausted',
        services.env.DEFAULT_LANGUAGE
      )
      if (client.readyState === WebSocket.OPEN)
        client.send(
          JSON.stringify({ type: 'error', error: { type: 'insufficient_quota', code: 'insufficient_quota', message } })
        )
      closeBoth(1008, 'insufficient quota')
    }
  }

  client.on('message', (data: RawData, isBinary) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary })
  })
  const fromUpstream = (data: RawData, isBinary: boolean) => {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary })
    if (firstTokenMs === undefined) firstTokenMs = Math.round(performance.now() - input.startedMs)
    if (isBinary) return
    const text = data.toString()
    if (!text.includes(RESPONSE_DONE)) return
    try {
      const event = JSON.parse(text) as { type?: string; response?: { usage?: unknown } }
      const usage = event.type === 'response.done' ? readRealtimeUsage(event.response?.usage) : undefined
      // Billing is chained so reservations happen in order, whatever their speed.
      if (usage)
        billing = billing
          .then(() => bill(usage))
          .catch((error: unknown) => services.logger.error({ err: String(error) }, 'realtime billing failed'))
    } catch {
      // not an event we can read: passed on, not billed
    }
  }
  connection.stopBuffering()
  for (const message of connection.early) fromUpstream(message.data, message.isBinary)
  upstream.on('message', fromUpstream)

  const finish = () => {
    if (finished) return
    finished = true
    closeBoth(1000, '')
    services.relay.track(billing.then(() => settle(input, total, charged, opening, firstTokenMs)))
  }
  client.on('close', finish)
  upstream.on('close', finish)
  client.on('error', finish)
  upstream.on('error', finish)
}

/** Settles the session's reservation against what its responses cost and writes its log row. */
async function settle(
  input: RealtimeSessionInput,
  total: RealtimeUsage,
  charged: number,
  opening: number,
  firstTokenMs: number | undefined
): Promise<void> {
  const { services, price } = input
  // A per-call price is the session's whole cost; otherwise the responses' sum is.
  const cost = price.kind === 'per-call' ? opening : charged
  const now = nowSeconds()
  const promptTokens = total.textIn + total.audioIn
  const completionTokens = total.textOut + total.audioOut
  const { audioRatio, audioCompletionRatio } = audioRatiosFor(input.model)
  const language = services.env.DEFAULT_LANGUAGE
  const text =
    price.kind === 'per-call'
      ? logText(language, 'log.consume_price', { price: price.modelPrice, group: price.groupRatio })
      : logText(language, 'log.consume_ratio', {
          model: price.modelRatio,
          completion: price.completionRatio,
          group: price.groupRatio,
        })
  const log = !services.options.bool('LogConsumeEnabled')
    ? undefined
    : {
        user_id: input.user.id,
        created_at: now,
        type: LogType.consume,
        content: text.content,
        username: input.user.username,
        token_name: input.token.name,
        model_name: input.model,
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        use_time: Math.round((performance.now() - input.startedMs) / 1000),
        is_stream: true,
        channel_id: input.channel.id,
        token_id: input.token.id,
        group: input.group,
        other: JSON.stringify({
          ws: true,
          model_ratio: price.kind === 'ratio' ? price.modelRatio : undefined,
          completion_ratio: price.kind === 'ratio' ? price.completionRatio : undefined,
          model_price: price.kind === 'per-call' ? price.modelPrice : -1,
          group_ratio: price.groupRatio,
          audio: true,
          audio_input: total.audioIn,
          audio_output: total.audioOut,
          text_input: total.textIn,
          text_output: total.textOut,
          cache_tokens: total.cachedIn,
          audio_ratio: audioRatio,
          audio_completion_ratio: audioCompletionRatio,
          frt: firstTokenMs ?? -1,
          admin_info: { use_channel: [input.channel.id] },
          ...(input.upstreamModel !== input.model
            ? { is_model_mapped: true, upstream_model_name: input.upstreamModel }
            : {}),
          ...text.fields,
        }),
        request_id: input.requestId,
        upstream_request_id: input.upstreamRequestId,
      }
  const user = input.user
  await services.relay.ledger.settle(input.hold, {
    charge: cost,
    now,
    channelId: input.channel.id,
    tokens: promptTokens + completionTokens,
    userId: user.id,
    username: user.username,
    model: input.model,
    rollup: services.options.bool('DataExportEnabled'),
    group: input.group,
    log,
  })
}
