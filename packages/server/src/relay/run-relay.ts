import { AUTO_GROUP } from '@gateway/shared'
import type { Language } from '../i18n/messages.ts'
import { metricsOf } from '../metrics/gateway-metrics.ts'
import { adapterFor } from '../providers/registry.ts'
import type { Endpoint } from '../providers/types.ts'
import { imagePrice } from '../services/billing/image-price.ts'
import { resolvePrice } from '../services/billing/resolve-price.ts'
import type { Services } from '../services/container.ts'
import { startRelayTrace, type RelayTrace } from '../tracing/relay-trace.ts'
import { buildUpstreamCall, mappedModel, providerSettings } from './build-upstream-request.ts'
import type { RelayToken, RelayUser } from './cache/token-cache.ts'
import { handleChannelFailure } from './channel-health.ts'
import { applyChannelOptions } from './channel-request-options.ts'
import { laterAutoGroups, moveToGroup } from './cross-group-retry.ts'
import { abandonExchange, type Exchange } from './exchange.ts'
import { assertModelAllowed } from './model-limits.ts'
import { uploadBody, type MultipartBody } from './multipart-body.ts'
import { parseMultipartRequest, parseRelayRequest, type ClientHeaders } from './parse-request.ts'
import { KeyPicker } from './pick-channel-key.ts'
import { bridgeFor } from './protocol-bridge.ts'
import { recordErrorLog } from './record-error-log.ts'
import { bridgedAnswer, passThroughAnswer, readBounded, type UpstreamAnswerContext } from './relay-answers.ts'
import { localError, RelayError } from './relay-error.ts'
import type { RelayResult } from './relay-result.ts'
import { reserveRequest } from './reserve-request.ts'
import { candidateGroups, resolveRoute } from './resolve-route.ts'
import { resolvePreviousResponse, responsesStateBridge } from './responses-state.ts'
import { selectChannel } from './select-channel.ts'
import { sendUpstream } from './upstream/send-upstream.ts'
import { errorBodyUse, upstreamHttpError, upstreamTransportError } from './upstream/upstream-error.ts'
import { upstreamRequestId } from './upstream/upstream-request-id.ts'
import type { UpstreamAnswer } from './upstream/websocket-exchange.ts'

export interface RelayInput {
  endpoint: Endpoint
  rawBody: string
  /** model and streaming named by the URL (Gemini's native API) */
  fromPath?: { model: string; stream: boolean }
  /** an upload, parsed by the route (rawBody is then empty) */
  multipart?: MultipartBody
  requestId: string
  clientIp: string
  language: Language
  startedMs: number
  /** aborts when the client disconnects */
  clientSignal: AbortSignal
  caller:
    | { user: RelayUser; token: RelayToken; pinnedChannelId: number | undefined }
    | { user: RelayUser; playgroundGroup: string }
  /** the client's anthropic-beta and ?beta=true, for Claude upstreams */
  clientHeaders?: ClientHeaders
  /** the client's W3C trace headers, continued when tracing is on */
  traceparent?: string | undefined
  tracestate?: string | undefined
}

/**
 * The relay, top to bottom: parse -> model limits -> route (group x model) -> price -> reserve ->
 * try channels (highest priority first, the next one on a retryable failure before any byte went
 * to the client) -> answer (stream or JSON) -> settle and log. A failure refunds the reservation.
 */
export function runRelay(services: Services, input: RelayInput): Promise<RelayResult> {
  const trace = startRelayTrace(input.endpoint, input.requestId, input)
  // A successful relay's trace ends with its settlement (see finishExchange), a failed one here.
  return trace
    ? relay(services, input, trace).catch((error: unknown) => trace.fail(error))
    : relay(services, input, undefined)
}

async function relay(services: Services, input: RelayInput, trace: RelayTrace | undefined): Promise<RelayResult> {
  const request = input.multipart
    ? parseMultipartRequest(input.endpoint, input.multipart)
    : parseRelayRequest(input.endpoint, input.rawBody, input.fromPath)
  if (input.clientHeaders) request.clientHeaders = input.clientHeaders
  const { user } = input.caller
  const token = 'token' in input.caller ? input.caller.token : undefined
  assertModelAllowed(token, request.model)
  const groups =
    'playgroundGroup' in input.caller
      ? [input.caller.playgroundGroup]
      : candidateGroups(services.options, token?.group ?? '', user.group)
  const snapshot = await services.relay.channels.current()
  const route = resolveRoute(
    snapshot,
    groups,
    request.model,
    'pinnedChannelId' in input.caller ? input.caller.pinnedChannelId : undefined
  )
  // A continued Responses conversation is rebuilt (or refused) before anything is reserved.
  const continuation = await resolvePreviousResponse(
    services,
    request,
    { userId: user.id, tokenId: token?.id ?? 0 },
    route.levels
  )

  const listed = resolvePrice(services.options, request.model, route.group, user.group, user.acceptUnsetRatio)
  if (!listed)
    throw localError(403, 'model_price_error', 'model.unpriced', { model: request.model }, 'permission_error')
  const price =
    request.endpoint === 'images' || request.endpoint === 'image-edits'
      ? imagePrice(listed, request.model, request.body)
      : listed
  const payer = { userId: user.id, tokenId: token?.id, tokenUnlimited: token?.unlimited ?? true }
  const tokenName = token?.name ?? `playground-${route.group}`
  const reservation = await reserveRequest(
    services,
    request,
    price,
    payer,
    { username: user.username, tokenName, model: request.model, group: route.group, requestId: input.requestId },
    input.rawBody.length + continuation.historyLength,
    token?.hash
  )

  const exchange: Exchange = {
    services,
    requestId: input.requestId,
    clientIp: input.clientIp,
    startedMs: input.startedMs,
    user,
    token,
    tokenName,
    group: route.group,
    request,
    price,
    hold: reservation.hold,
    payer,
    outputBudgetLowered: reservation.lowered,
    tried: [],
    finished: false,
    balanceAfterReserve: reservation.balanceAfter,
    trace,
  }
  trace?.opened(exchange)
  services.relay.opened()
  metricsOf(services).started(request.stream)
  const retries = route.pinned ? 0 : Math.max(0, services.options.number('RetryTimes'))
  const laterGroups =
    token?.crossGroupRetry && token.group === AUTO_GROUP && !route.pinned
      ? laterAutoGroups(snapshot, groups, route.group, request.model)
      : []
  let levels = continuation.levels
  let lastError: RelayError | undefined
  // A retry may take the same multi-key channel again with a key this request has not tried.
  const triedKeys = new Map<number, Set<number>>()
  const exhausted = () => {
    const ids = new Set<number>()
    for (const [id, keys] of triedKeys) {
      const channel = snapshot.channels.get(id)
      if (!channel || !KeyPicker.hasUntried(channel, keys)) ids.add(id)
    }
    return ids
  }
  try {
    for (;;) {
      let stop = false
      for (let attempt = 0; attempt <= retries; attempt++) {
        const candidate = selectChannel(levels, attempt, exhausted())
        if (!candidate) break
        if (lastError) metricsOf(services).retried(lastError)
        const keysTried = triedKeys.get(candidate.channel.id) ?? new Set<number>()
        triedKeys.set(candidate.channel.id, keysTried)
        exchange.tried.push(candidate.channel.id)
        const channel = await services.relay.keys.forAttempt(candidate.channel, keysTried)
        if (!channel) {
          for (const index of candidate.channel.multiKey?.enabled ?? []) keysTried.add(index)
          lastError = localError(503, 'model_not_found', 'channel.none', { group: route.group, model: request.model })
          continue
        }
        if (channel.keyIndex !== undefined) keysTried.add(channel.keyIndex)
        try {
          return await attemptChannel(exchange, channel, input)
        } catch (error) {
          if (!(error instanceof RelayError)) throw error
          lastError = error
          trace?.attemptFailed(error)
          recordErrorLog(exchange, channel, error)
          services.relay.accessTokens.rejected(channel, error)
          if (!error.local) {
            handleChannelFailure(services, channel, error).catch((e: unknown) =>
              services.logger.error({ err: String(e) }, 'channel health update failed')
            )
          }
          stop = !error.retryable || input.clientSignal.aborted
          if (stop) break
        }
      }
      // This group is spent; with cross_group_retry the next auto group gets its own tries.
      const next = stop ? undefined : laterGroups.shift()
      if (!next || !(await moveToGroup(exchange, next, reservation.plan))) break
      levels = next.levels
    }
    throw lastError ?? localError(503, 'model_not_found', 'channel.none', { group: route.group, model: request.model })
  } catch (error) {
    if (!exchange.finished)
      metricsOf(services).ended(
        request.endpoint,
        request.model,
        exchange.channel?.id ?? 0,
        request.stream,
        input.startedMs,
        error
      )
    await abandonExchange(exchange)
    if (error instanceof RelayError && error.status === 429 && !error.local) {
      throw new RelayError({
        status: 429,
        type: 'upstream_error',
        code: error.code,
        messageKey: 'upstream.saturated',
        local: false,
      })
    }
    throw error
  }
}

/** One try on one channel. Throws RelayError before anything was sent to the client. */
async function attemptChannel(
  exchange: Exchange,
  channel: Exchange['channel'] & object,
  input: RelayInput
): Promise<RelayResult> {
  const { services, request } = exchange
  const adapter = adapterFor(channel.type)
  const bridge = adapter
    ? responsesStateBridge(exchange, bridgeFor(request.endpoint, adapter, channel, mappedModel(channel, request.model)))
    : undefined
  if (!adapter || bridge === undefined) {
    throw new RelayError({
      status: 501,
      type: 'new_api_error',
      code: 'not_implemented',
      messageKey: 'request.not_implemented',
      retryable: true,
    })
  }
  const accessToken = adapter.credential
    ? await services.relay.accessTokens.tokenFor(adapter.credential, channel)
    : undefined
  // The channel's system prompt and field rules shape what is sent; the exchange keeps the client's request.
  const call = buildUpstreamCall(
    adapter,
    channel,
    applyChannelOptions(request, channel),
    services.env.FORCE_STREAM_OPTION,
    bridge,
    accessToken,
    providerSettings(services.env)
  )
  if (request.multipart) {
    const upload = await uploadBody(request.multipart, call.upstreamModel, channel.paramOverride)
    call.body = upload.bytes
    call.headers['content-type'] = upload.contentType
    call.headers.accept = 'application/json'
  }
  exchange.channel = channel
  exchange.upstreamModel = call.upstreamModel
  exchange.reasoningEffort = call.reasoningEffort
  exchange.trace?.startUpstream(channel, call)
  let response: UpstreamAnswer
  const sentMs = performance.now()
  try {
    // The client's own signal: a client that leaves aborts the call, before and after its answer began.
    response = await sendUpstream(services, adapter, channel, call, request.stream, input.clientSignal)
    metricsOf(services).upstreamAnswered(channel.id, performance.now() - sentMs)
  } catch (error) {
    throw upstreamTransportError(error)
  }
  exchange.upstreamRequestId = upstreamRequestId(response.headers)
  exchange.trace?.upstreamStatus(response.statusCode)
  if (response.statusCode !== 200) {
    const text = await readBounded(response.body, 64 * 1024).catch(() => '')
    throw upstreamHttpError(
      response.statusCode,
      text,
      channel.statusCodeMapping,
      channel.key,
      errorBodyUse(channel.baseUrl, 'structured')
    )
  }
  const answer: UpstreamAnswerContext = {
    exchange,
    call,
    response,
    contentType: String(response.headers['content-type'] ?? ''),
    language: input.language,
    abortUpstream: () => void response.body.destroy(),
  }
  return bridge ? bridgedAnswer(answer, bridge, adapter.streamFraming) : passThroughAnswer(answer)
}
