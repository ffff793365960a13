import { anthropicAdapter } from '../providers/anthropic/anthropic-adapter.ts'
import type { AnthropicRequest } from '../providers/anthropic/anthropic-api.ts'
import { countTokensUrl } from '../providers/anthropic/anthropic-count-tokens.ts'
import { convertFromAnthropicRequest } from '../providers/anthropic/convert-from-anthropic-request.ts'
import { adapterFor } from '../providers/registry.ts'
import type { Services } from '../services/container.ts'
import { buildUpstreamCall, mappedModel, providerSettings } from './build-upstream-request.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import { applyChannelOptions } from './channel-request-options.ts'
import { assertModelAllowed } from './model-limits.ts'
import type { ClientHeaders, RelayRequest } from './parse-request.ts'
import { bridgeFor } from './protocol-bridge.ts'
import { readBounded } from './relay-answers.ts'
import { localError } from './relay-error.ts'
import { candidateGroups, resolveRoute } from './resolve-route.ts'
import { selectChannel } from './select-channel.ts'
import type { TokenAuthResult } from './token-auth.ts'
import { countChatPromptTokens } from './token-counter.ts'
import { sendUpstream } from './upstream/send-upstream.ts'
import { errorBodyUse, upstreamHttpError } from './upstream/upstream-error.ts'

export interface CountTokensInput {
  rawBody: string
  caller: TokenAuthResult
  clientHeaders: ClientHeaders | undefined
  clientSignal: AbortSignal
}

const badRequest = (messageKey: 'request.invalid_json' | 'request.model_required' | 'request.messages_required') =>
  localError(400, 'invalid_request', messageKey, undefined, 'invalid_request_error')

/** A count_tokens body: a Messages request without max_tokens (it generates nothing). */
function parseCountRequest(rawBody: string, clientHeaders: ClientHeaders | undefined): RelayRequest {
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    throw badRequest('request.invalid_json')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request.invalid_json')
  const fields = body as Record<string, unknown>
  const model = typeof fields.model === 'string' ? fields.model.trim() : ''
  if (!model || model.length > 255) throw badRequest('request.model_required')
  if (!Array.isArray(fields.messages) || fields.messages.length === 0) throw badRequest('request.messages_required')
  return {
    endpoint: 'messages',
    body: fields,
    model,
    stream: false,
    wantsUsageChunk: false,
    maxTokens: undefined,
    rawBody,
    ...(clientHeaders ? { clientHeaders } : {}),
  }
}

/**
 * POST /v1/messages/count_tokens: the prompt's input tokens for the model, routed like a request
 * (model limits, groups, a 404 for a model no channel lists) but neither billed nor logged, as it
 * is free on Anthropic. A channel on Anthropic's own API counts it upstream; any other channel, or
 * one that cannot answer now (busy, down), gets the gateway's estimate over the prompt converted to
 * OpenAI chat: Claude Code calls this to decide when to compact, so an estimate beats a failure.
 */
export async function countTokens(services: Services, input: CountTokensInput): Promise<Record<string, unknown>> {
  const request = parseCountRequest(input.rawBody, input.clientHeaders)
  const { token, user, pinnedChannelId } = input.caller
  assertModelAllowed(token, request.model)
  const groups = candidateGroups(services.options, token.group, user.group)
  const route = resolveRoute(await services.relay.channels.current(), groups, request.model, pinnedChannelId)
  const candidate = selectChannel(route.levels, 0, new Set())
  const channel = candidate ? await services.relay.keys.forAttempt(candidate.channel) : undefined
  if (!channel) throw localError(503, 'model_not_found', 'channel.none', { group: route.group, model: request.model })
  if (adapterFor(channel.type) === anthropicAdapter) {
    const counted = await countUpstream(services, channel, request, input.clientSignal)
    if (counted) return counted
  }
  return { input_tokens: await estimate(request, mappedModel(channel, request.model)) }
}

/** Anthropic's own count; undefined when the upstream could not answer (the caller estimates). */
async function countUpstream(
  services: Services,
  channel: RelayChannel,
  request: RelayRequest,
  signal: AbortSignal
): Promise<Record<string, unknown> | undefined> {
  const upstreamModel = mappedModel(channel, request.model)
  const bridge = bridgeFor('messages', anthropicAdapter, channel, upstreamModel) ?? null
  // The channel's parameter override is for generation (temperature, max_tokens ...): count_tokens refuses such fields.
  const call = buildUpstreamCall(
    anthropicAdapter,
    { ...channel, paramOverride: undefined },
    applyChannelOptions(request, channel),
    false,
    bridge,
    undefined,
    providerSettings(services.env)
  )
  call.url = countTokensUrl(call.url)
  call.headers.accept = 'application/json'
  let text: string
  let status: number
  try {
    const response = await sendUpstream(services, anthropicAdapter, channel, call, false, signal)
    status = response.statusCode
    text = await readBounded(response.body, 64 * 1024)
  } catch {
    return undefined
  }
  if (status === 200) {
    try {
      const body = JSON.parse(text) as Record<string, unknown>
      if (typeof body.input_tokens === 'number') return body
    } catch {
      // not a count: estimate
    }
    return undefined
  }
  // The request itself is wrong (a bad block, an unknown beta): the client must hear it.
  if (status === 400 || status === 404 || status === 413)
    throw upstreamHttpError(
      status,
      text,
      channel.statusCodeMapping,
      channel.key,
      errorBodyUse(channel.baseUrl, 'structured')
    )
  return undefined
}

async function estimate(request: RelayRequest, model: string): Promise<number> {
  const chat = convertFromAnthropicRequest(request.body as unknown as AnthropicRequest, model)
  return countChatPromptTokens(model, chat.messages, chat.tools)
}
