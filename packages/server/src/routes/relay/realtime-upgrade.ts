import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { pickLanguage } from '../../i18n/messages.ts'
import { nowSeconds } from '../../lib/time.ts'
import { newRequestId } from '../../middleware/request-context.ts'
import { adapterFor } from '../../providers/registry.ts'
import { mappedModel } from '../../relay/build-upstream-request.ts'
import { bridgeRealtime, connectUpstream } from '../../relay/realtime/realtime-session.ts'
import { localError, RelayError, toOpenAIErrorBody, toRelayError } from '../../relay/relay-error.ts'
import { candidateGroups, resolveRoute } from '../../relay/resolve-route.ts'
import { selectChannel } from '../../relay/select-channel.ts'
import { authenticateToken } from '../../relay/token-auth.ts'
import { computeQuota } from '../../services/billing/compute-quota.ts'
import { resolvePrice } from '../../services/billing/resolve-price.ts'
import type { Services } from '../../services/container.ts'

const KEY_PROTOCOL = 'openai-insecure-api-key.'

/**
 * The key of a realtime connection: `Authorization: Bearer sk-...` (server clients), or the
 * `openai-insecure-api-key.<key>` subprotocol browsers must use, since they cannot set headers.
 */
function realtimeKey(req: IncomingMessage): string {
  const authorization = req.headers.authorization
  if (authorization) return authorization.replace(/^Bearer\s+/i, '').trim()
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((item) => item.trim())
  return protocols.find((item) => item.startsWith(KEY_PROTOCOL))?.slice(KEY_PROTOCOL.length) ?? ''
}

/** Refuses an upgrade with a plain HTTP answer in OpenAI's error shape. */
function refuse(socket: Duplex, error: RelayError, language: 'zh' | 'en', requestId: string): void {
  const body = JSON.stringify(toOpenAIErrorBody(error, language, requestId))
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
  )
}

/**
 * `GET /v1/realtime?model=` as a WebSocket: token auth, a channel that serves the model and speaks
 * the realtime API, its price, a reservation of PreConsumedQuota tokens (or the per-call price),
 * the upstream opened, then the two sockets bridged (relay/realtime). Any failure before the
 * bridge answers a plain HTTP error and refunds what was reserved.
 */
export function createRealtimeUpgrade(
  services: Services
): (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024 * 1024,
    // Browsers offer "realtime" beside the key; answering with it (never the key) completes their handshake.
    handleProtocols: (protocols) => (protocols.has('realtime') ? 'realtime' : false),
  })
  return (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://gateway')
    if (url.pathname !== '/v1/realtime') return false
    void accept(services, wss, url, req, socket, head)
    return true
  }
}

async function accept(
  services: Services,
  wss: WebSocketServer,
  url: URL,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer
): Promise<void> {
  const startedMs = performance.now()
  const requestId = newRequestId()
  const language = pickLanguage(req.headers['accept-language'], services.env.DEFAULT_LANGUAGE)
  const clientIp = services.resolveClientIp(
    req.socket.remoteAddress,
    typeof req.headers['x-forwarded-for'] === 'string' ? req.headers['x-forwarded-for'] : undefined
  )
  let refund: (() => Promise<void>) | undefined
  try {
    const model = (url.searchParams.get('model') ?? '').trim()
    if (!model) throw localError(400, 'invalid_request', 'request.model_required', undefined, 'invalid_request_error')
    const { token, user, pinnedChannelId } = await authenticateToken(
      services.relay.tokens,
      realtimeKey(req),
      clientIp,
      (key) => services.secrets.lookupHash(key),
      nowSeconds()
    )
    if (token.modelLimits && !token.modelLimits.has(model))
      throw localError(403, 'model_not_allowed', 'token.model_not_allowed', { model }, 'permission_error')
    const route = resolveRoute(
      await services.relay.channels.current(),
      candidateGroups(services.options, token.group, user.group),
      model,
      pinnedChannelId
    )
    const selected = selectChannel(route.levels, 0, new Set())?.channel
    const channel = selected && (await services.relay.keys.forAttempt(selected))
    if (!channel) throw localError(503, 'model_not_found', 'channel.none', { group: route.group, model })
    if (!adapterFor(channel.type)?.endpoints.has('realtime'))
      throw localError(501, 'not_implemented', 'request.not_implemented')
    const price = resolvePrice(services.options, model, route.group, user.group, user.acceptUnsetRatio)
    if (!price) throw localError(403, 'model_price_error', 'model.unpriced', { model }, 'permission_error')
    const reserved = computeQuota(
      price,
      { promptTokens: 0, completionTokens: services.options.number('PreConsumedQuota') },
      services.options.number('QuotaPerUnit')
    )
    const payer = { userId: user.id, tokenId: token.id, tokenUnlimited: token.unlimited }
    const { hold, shortfall } = await services.relay.ledger.reserve(payer, reserved, {
      username: user.username,
      tokenName: token.name,
      model,
      group: route.group,
      requestId,
    })
    if (shortfall || !hold)
      throw localError(
        403,
        shortfall === 'token' ? 'pre_consume_token_quota_failed' : 'insufficient_user_quota',
        shortfall === 'token' ? 'quota.token_insufficient' : 'quota.user_insufficient',
        undefined,
        'permission_error'
      )
    refund = () => services.relay.ledger.release(hold)
    const upstreamModel = mappedModel(channel, model)
    const connection = await connectUpstream(services, channel, upstreamModel).catch(() => {
      throw new RelayError({
        status: 502,
        type: 'upstream_error',
        code: 'upstream_request_failed',
        messageKey: 'upstream.failed',
        local: false,
      })
    })
    refund = undefined
    wss.handleUpgrade(req, socket, head, (client) => {
      bridgeRealtime(
        {
          services,
          client,
          user,
          token,
          group: route.group,
          channel,
          model,
          upstreamModel,
          price,
          hold,
          clientIp,
          startedMs,
          requestId,
          upstreamRequestId: connection.upstreamRequestId,
        },
        connection
      )
    })
  } catch (error) {
    await refund?.().catch(() => undefined)
    const { error: relayError, internal } = toRelayError(error)
    if (internal)
      services.logger.error(
        { id: requestId, err: error instanceof Error ? error.stack : String(error) },
        'realtime upgrade failed'
      )
    refuse(socket, relayError, language, requestId)
  }
}
