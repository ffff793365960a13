import type { IncomingHttpHeaders } from 'node:http'

/**
 * Response headers in which upstreams name their answer, first match wins: another gateway of
 * this kind (the only one the reference system reads), then OpenAI and most OpenAI-compatible
 * services, Anthropic, AWS Bedrock and Azure's API management. Lower case, as Node gives them.
 */
const REQUEST_ID_HEADERS = [
  'x-oneapi-request-id',
  'x-request-id',
  'request-id',
  'x-amzn-requestid',
  'apim-request-id',
] as const

/** The logs column holds up to 128 characters. */
const MAX_LENGTH = 128

/** The upstream's id for its answer, '' when it sent none. */
export function upstreamRequestId(headers: IncomingHttpHeaders): string {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers[name]
    const first = Array.isArray(value) ? value[0] : value
    if (typeof first === 'string' && first.trim() !== '') return first.trim().slice(0, MAX_LENGTH)
  }
  return ''
}
