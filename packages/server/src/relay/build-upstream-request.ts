import type { ProtocolBridge, ProviderAdapter, ProviderSettings } from '../providers/types.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import { anthropicBetaFor } from './forward-anthropic-beta.ts'
import type { RelayRequest } from './parse-request.ts'
import { RelayError } from './relay-error.ts'

const settingsOf = new WeakMap<object, ProviderSettings>()

/** The adapters' settings from the environment, built once per environment object. */
export function providerSettings(env: {
  AZURE_DEFAULT_API_VERSION: string
  GEMINI_SAFETY_SETTING: string
}): ProviderSettings {
  let settings = settingsOf.get(env)
  if (!settings) {
    settings = { azureApiVersion: env.AZURE_DEFAULT_API_VERSION, geminiSafetyThreshold: env.GEMINI_SAFETY_SETTING }
    settingsOf.set(env, settings)
  }
  return settings
}

export interface UpstreamCall {
  url: URL
  headers: Record<string, string>
  body: string | Buffer
  upstreamModel: string
  /** the upstream was asked for the usage chunk that the client did not ask for */
  forcedUsageChunk: boolean
  /** the reasoning effort taken from the model name's suffix */
  reasoningEffort?: ReasoningEffort
}

type ReasoningEffort = 'low' | 'medium' | 'high'
const EFFORT_SUFFIX = /^(.+)-(low|medium|high)$/

/**
 * `o3-mini-high` is `o3-mini` asked for high reasoning effort (a thinking budget on Claude
 * channels), as the reference system reads such names. Chat only, and never over an effort the
 * client set itself.
 */
export function splitEffortSuffix(request: RelayRequest, model: string): { model: string; effort?: ReasoningEffort } {
  if (request.endpoint !== 'chat' || request.body.reasoning_effort !== undefined) return { model }
  const match = EFFORT_SUFFIX.exec(model)
  return match ? { model: match[1] as string, effort: match[2] as ReasoningEffort } : { model }
}

/** The model name the channel's mapping sends upstream for the requested one. */
export function mappedModel(channel: Pick<RelayChannel, 'modelMapping'>, model: string): string {
  const mapped = channel.modelMapping[model]
  return typeof mapped === 'string' && mapped !== '' ? mapped : model
}

/**
 * The request for one channel: the mapped model name, the usage chunk requested for streams, and
 * the channel's parameter and header overrides. When none of these change anything, the client's
 * bytes are sent as they came. With a protocol bridge the body is the converted request.
 */
export function buildUpstreamCall(
  adapter: ProviderAdapter,
  channel: RelayChannel,
  request: RelayRequest,
  forceStreamOption: boolean,
  bridge: ProtocolBridge | null = null,
  accessToken?: string,
  settings?: ProviderSettings
): UpstreamCall {
  const { model: upstreamModel, effort } = splitEffortSuffix(request, mappedModel(channel, request.model))
  const passThrough = channel.setting.pass_through_body_enabled === true
  const forcedUsageChunk =
    !bridge &&
    !passThrough &&
    request.stream &&
    forceStreamOption &&
    adapter.supportsStreamOptions &&
    !request.wantsUsageChunk
  const needsRewrite =
    upstreamModel !== request.model || forcedUsageChunk || channel.paramOverride !== undefined || request.rawBody === ''
  const endpoint = bridge?.upstreamEndpoint ?? request.endpoint
  const beta = anthropicBetaFor(adapter, request, endpoint, upstreamModel)
  let body: string | Buffer = request.rawBody
  if (request.multipart) {
    // Uploads are encoded by the caller (uploadBody), which may need to read the files.
    body = ''
  } else if (passThrough && (!bridge || bridge.upstreamEndpoint === request.endpoint)) {
    // The channel's pass-through: the client's body as it came (the upstream speaks its protocol).
    // Only a budget the gateway lowered to what the balance covers is re-serialised, so the hold covers the answer.
    body = request.rawBody !== '' ? request.rawBody : JSON.stringify(request.body)
  } else if (bridge) {
    const source = effort ? { ...request, body: { ...request.body, reasoning_effort: effort } } : request
    let converted = bridge.buildBody(source, upstreamModel, settings)
    if (adapter.adaptBody) converted = adapter.adaptBody(converted, endpoint, channel)
    if (beta?.via === 'body' && beta.flags.length > 0) {
      const own = Array.isArray(converted.anthropic_beta) ? (converted.anthropic_beta as unknown[]) : []
      converted.anthropic_beta = [...new Set([...own, ...beta.flags])]
    }
    if (channel.paramOverride) Object.assign(converted, channel.paramOverride)
    body = JSON.stringify(converted)
  } else if (needsRewrite) {
    const next: Record<string, unknown> = { ...request.body, model: upstreamModel }
    if (forcedUsageChunk)
      next.stream_options = { ...(request.body.stream_options as object | undefined), include_usage: true }
    if (effort) next.reasoning_effort = effort
    if (channel.paramOverride) Object.assign(next, channel.paramOverride)
    body = JSON.stringify(next)
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: request.stream ? 'text/event-stream' : 'application/json',
    ...adapter.buildHeaders(channel, endpoint, accessToken),
  }
  // The client's flags first: the channel's header override, applied next, has the last word.
  if (beta?.via === 'header' && beta.flags.length > 0) headers['anthropic-beta'] = beta.flags.join(',')
  if (channel.headerOverride) {
    for (const [name, value] of Object.entries(channel.headerOverride)) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value.replaceAll('{api_key}', channel.key)
    }
  }
  let url: URL
  try {
    url = adapter.buildUrl(channel, endpoint, upstreamModel, request.stream, accessToken, settings)
  } catch {
    // A channel saved without what its type needs (an Azure resource URL, say): try the next one.
    throw new RelayError({
      status: 500,
      type: 'new_api_error',
      code: 'channel_misconfigured',
      messageKey: 'upstream.failed',
      local: true,
      retryable: true,
    })
  }
  if (beta?.betaQuery) url.searchParams.set('beta', 'true')
  if (adapter.signRequest) Object.assign(headers, adapter.signRequest({ url, body }, channel, new Date()))
  return effort
    ? { url, headers, body, upstreamModel, forcedUsageChunk, reasoningEffort: effort }
    : { url, headers, body, upstreamModel, forcedUsageChunk }
}
