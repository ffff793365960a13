import type { Endpoint, ProviderAdapter } from '../providers/types.ts'
import type { RelayRequest } from './parse-request.ts'

/** A Claude client's beta flags as one upstream call takes them. */
export interface AnthropicBetaForwarding {
  /** where the upstream reads them */
  via: 'header' | 'body'
  /** the flags, as the client listed them */
  flags: string[]
  /** the client called with ?beta=true (the Anthropic SDK's beta calls) and the upstream's URL takes it */
  betaQuery: boolean
}

/**
 * What of the client's anthropic-beta and ?beta=true an upstream call carries: only to a channel
 * that speaks Anthropic's Messages API for this model (features such as 1M context, interleaved
 * thinking or token-efficient tools are switched on by these flags, so dropping them silently
 * changes the answer). OpenAI-compatible upstreams never see them.
 */
export function anthropicBetaFor(
  adapter: ProviderAdapter,
  request: RelayRequest,
  upstreamEndpoint: Endpoint,
  upstreamModel: string
): AnthropicBetaForwarding | undefined {
  const client = request.clientHeaders
  if (!client || !adapter.anthropicBeta || upstreamEndpoint !== 'messages') return undefined
  if ((adapter.protocolFor?.(upstreamModel) ?? adapter.protocol) !== 'anthropic') return undefined
  const flags = (client.anthropicBeta ?? '')
    .split(',')
    .map((flag) => flag.trim())
    .filter((flag) => flag !== '')
  if (flags.length === 0 && !client.betaQuery) return undefined
  return {
    via: adapter.anthropicBeta.via,
    flags,
    betaQuery: client.betaQuery === true && adapter.anthropicBeta.betaQuery === true,
  }
}
