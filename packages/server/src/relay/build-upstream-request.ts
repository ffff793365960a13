import type { ProviderAdapter } from '../providers/types.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import type { RelayRequest } from './parse-request.ts'
import type { ProtocolBridge } from './protocol-bridge.ts'

export interface UpstreamCall {
  url: URL
  headers: Record<string, string>
  body: string
  upstreamModel: string
  /** the upstream was asked for the usage chunk that the client did not ask for */
  forcedUsageChunk: boolean
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
): UpstreamCall {
  const mapped = channel.modelMapping[request.model]
  const upstreamModel = typeof mapped === 'string' && mapped !== '' ? mapped : request.model
  const forcedUsageChunk = !bridge && request.stream && forceStreamOption && adapter.supportsStreamOptions && !request.wantsUsageChunk
  const needsRewrite = upstreamModel !== request.model || forcedUsageChunk || channel.paramOverride !== undefined || request.rawBody === ''
  const endpoint = bridge?.upstreamEndpoint ?? request.endpoint
  let body = request.rawBody
  if (bridge) {
    const converted = bridge.buildBody(request, upstreamModel)
    if (channel.paramOverride) Object.assign(converted, channel.paramOverride)
    body = JSON.stringify(converted)
  } else if (needsRewrite) {
    const next: Record<string, unknown> = { ...request.body, model: upstreamModel }
    if (forcedUsageChunk) next.stream_options = { ...(request.body.stream_options as object | undefined), include_usage: true }
    if (channel.paramOverride) Object.assign(next, channel.paramOverride)
    body = JSON.stringify(next)
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: request.stream ? 'text/event-stream' : 'application/json',
    ...adapter.buildHeaders(channel, endpoint),
  }
  if (channel.headerOverride) {
    for (const [name, value] of Object.entries(channel.headerOverride)) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value.replaceAll('{api_key}', channel.key)
    }
  }
  return { url: adapter.buildUrl(channel, endpoint, upstreamModel), headers, body, upstreamModel, forcedUsageChunk }
}
