import type { ProviderAdapter } from '../providers/types.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import type { RelayRequest } from './parse-request.ts'

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
 * bytes are sent as they came.
 */
export function buildUpstreamCall(adapter: ProviderAdapter, channel: RelayChannel, request: RelayRequest, forceStreamOption: boolean): UpstreamCall {
  const mapped = channel.modelMapping[request.model]
  const upstreamModel = typeof mapped === 'string' && mapped !== '' ? mapped : request.model
  const forcedUsageChunk = request.stream && forceStreamOption && adapter.supportsStreamOptions && !request.wantsUsageChunk
  const needsRewrite = upstreamModel !== request.model || forcedUsageChunk || channel.paramOverride !== undefined || request.rawBody === ''
  let body = request.rawBody
  if (needsRewrite) {
    const next: Record<string, unknown> = { ...request.body, model: upstreamModel }
    if (forcedUsageChunk) next.stream_options = { ...(request.body.stream_options as object | undefined), include_usage: true }
    if (channel.paramOverride) Object.assign(next, channel.paramOverride)
    body = JSON.stringify(next)
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: request.stream ? 'text/event-stream' : 'application/json',
    ...adapter.buildHeaders(channel, request.endpoint),
  }
  if (channel.headerOverride) {
    for (const [name, value] of Object.entries(channel.headerOverride)) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value.replaceAll('{api_key}', channel.key)
    }
  }
  return { url: adapter.buildUrl(channel, request.endpoint, upstreamModel), headers, body, upstreamModel, forcedUsageChunk }
}
