import { convertFromGeminiRequest } from '../providers/gemini/convert-from-gemini-request.ts'
import type { GeminiRequest } from '../providers/gemini/gemini-api.ts'
import type { GeminiCountTokensRequest } from '../providers/gemini/gemini-embed-api.ts'
import { adapterFor } from '../providers/registry.ts'
import type { Services } from '../services/container.ts'
import { mappedModel, providerSettings, type UpstreamCall } from './build-upstream-request.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import type { RelayToken, RelayUser } from './cache/token-cache.ts'
import { readBounded } from './relay-answers.ts'
import { localError, RelayError } from './relay-error.ts'
import { candidateGroups, resolveRoute } from './resolve-route.ts'
import { selectChannel } from './select-channel.ts'
import { countChatPromptTokens } from './token-counter.ts'
import { sendUpstream } from './upstream/send-upstream.ts'
import {
  errorBodyUse,
  upstreamBadResponse,
  upstreamHttpError,
  upstreamTransportError,
} from './upstream/upstream-error.ts'

export interface CountTokensInput {
  model: string
  rawBody: string
  caller: { user: RelayUser; token: RelayToken; pinnedChannelId: number | undefined }
  clientSignal: AbortSignal
}

const notFound = (model: string) =>
  localError(404, 'model_not_found', 'model.not_found', { model }, 'invalid_request_error')

/**
 * Gemini's countTokens (https://ai.google.dev/api/tokens): routed like generateContent (the
 * token's model limits, its groups, the channel the request would take), but free: no
 * reservation, no log row. A Gemini channel is asked its own count; any other channel's model
 * is counted by the gateway's tokenizer over the prompt as it would be converted for it.
 * Answers the JSON body for the client.
 */
export async function countGeminiTokens(services: Services, input: CountTokensInput): Promise<string> {
  const { model, caller } = input
  const body = parseCountRequest(input.rawBody)
  if (caller.token.modelLimits && !caller.token.modelLimits.has(model)) {
    throw caller.token.modelLimits.size === 0
      ? localError(403, 'model_not_allowed', 'token.no_models_allowed', undefined, 'permission_error')
      : localError(403, 'model_not_allowed', 'token.model_not_allowed', { model }, 'permission_error')
  }
  const groups = candidateGroups(services.options, caller.token.group, caller.user.group)
  const snapshot = await services.relay.channels.current()
  let levels
  try {
    levels = resolveRoute(snapshot, groups, model, caller.pinnedChannelId).levels
  } catch (error) {
    // As Google answers for a model it does not have.
    if (error instanceof RelayError && error.code === 'model_not_found') throw notFound(model)
    throw error
  }
  const candidate = selectChannel(levels, 0, new Set())
  if (!candidate) throw notFound(model)
  const adapter = adapterFor(candidate.channel.type)
  const channel = await services.relay.keys.forAttempt(candidate.channel)
  const upstreamModel = mappedModel(candidate.channel, model)
  if (
    adapter?.endpoints.has('gemini-count') &&
    (adapter.protocolFor?.(upstreamModel) ?? adapter.protocol) === 'gemini' &&
    channel
  ) {
    return countUpstream(services, adapter, channel, upstreamModel, body, input.clientSignal)
  }
  const generate = body.generateContentRequest ?? { contents: body.contents ?? [] }
  const asChat = convertFromGeminiRequest(generate as GeminiRequest, model, false)
  return JSON.stringify({ totalTokens: await countChatPromptTokens(model, asChat.messages, asChat.tools) })
}

function parseCountRequest(rawBody: string): GeminiCountTokensRequest {
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    throw localError(400, 'invalid_request', 'request.invalid_json', undefined, 'invalid_request_error')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw localError(400, 'invalid_request', 'request.invalid_json', undefined, 'invalid_request_error')
  const request = body as GeminiCountTokensRequest
  const contents = request.generateContentRequest?.contents ?? request.contents
  if (!Array.isArray(contents))
    throw localError(400, 'invalid_request', 'request.messages_required', undefined, 'invalid_request_error')
  return request
}

/** The upstream's own countTokens, its answer passed on as it came. */
async function countUpstream(
  services: Services,
  adapter: NonNullable<ReturnType<typeof adapterFor>>,
  channel: RelayChannel,
  upstreamModel: string,
  body: GeminiCountTokensRequest,
  signal: AbortSignal
): Promise<string> {
  const accessToken = adapter.credential
    ? await services.relay.accessTokens.tokenFor(adapter.credential, channel)
    : undefined
  // A whole generateContent request must name the model of the URL, which is the channel's.
  let sent: Record<string, unknown> = body.generateContentRequest
    ? {
        ...body,
        generateContentRequest: {
          ...body.generateContentRequest,
          model: `models/${upstreamModel.replace(/^models\//, '')}`,
        },
      }
    : { ...body }
  if (adapter.adaptBody) sent = adapter.adaptBody(sent, 'gemini-count', channel)
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...adapter.buildHeaders(channel, 'gemini-count', accessToken),
  }
  for (const [name, value] of Object.entries(channel.headerOverride ?? {})) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value.replaceAll('{api_key}', channel.key)
  }
  const call: UpstreamCall = {
    url: adapter.buildUrl(channel, 'gemini-count', upstreamModel, false, accessToken, providerSettings(services.env)),
    headers,
    body: JSON.stringify(sent),
    upstreamModel,
    forcedUsageChunk: false,
  }
  let response
  try {
    response = await sendUpstream(services, adapter, channel, call, false, signal)
  } catch (error) {
    throw upstreamTransportError(error)
  }
  const text = await readBounded(response.body, 1024 * 1024)
  if (response.statusCode !== 200)
    throw upstreamHttpError(
      response.statusCode,
      text,
      channel.statusCodeMapping,
      channel.key,
      errorBodyUse(channel.baseUrl, 'structured')
    )
  let parsed: { totalTokens?: unknown }
  try {
    parsed = JSON.parse(text) as typeof parsed
  } catch {
    parsed = {}
  }
  if (typeof parsed.totalTokens !== 'number') throw upstreamBadResponse()
  return text
}
