import type { BaiduErrorBody } from './baidu-api.ts'

/** The access token is invalid (110) or expired (111): the cached token must be minted again. */
const TOKEN_REJECTED = new Set([110, 111])
/** Request, QPS, RPM and TPM limits, and "try again later" (https://cloud.baidu.com/doc/WENXINWORKSHOP/s/tlmyncueh). */
const RATE_LIMITED = new Set([4, 17, 18, 19, 336100, 336501, 336502, 336503])
/** The request itself is wrong (parameters, message order, length): another channel would refuse it too. */
const BAD_REQUEST = new Set([
  100, 336001, 336002, 336003, 336005, 336006, 336007, 336008, 336101, 336102, 336103, 336104, 336105, 336106,
])

export type BaiduErrorKind = 'token_rejected' | 'rate_limited' | 'bad_request' | 'upstream'

/** A Baidu error body (sent with HTTP 200), or undefined when the answer is not one. */
export function readBaiduError(body: unknown): BaiduErrorBody | undefined {
  const value = body as { error_code?: unknown; error_msg?: unknown } | null | undefined
  if (!value || typeof value !== 'object' || typeof value.error_code !== 'number' || value.error_code === 0)
    return undefined
  return {
    error_code: value.error_code,
    error_msg: typeof value.error_msg === 'string' ? value.error_msg : `error ${value.error_code}`,
  }
}

export function baiduErrorKind(code: number): BaiduErrorKind {
  if (TOKEN_REJECTED.has(code)) return 'token_rejected'
  if (RATE_LIMITED.has(code)) return 'rate_limited'
  if (BAD_REQUEST.has(code)) return 'bad_request'
  return 'upstream'
}

/** The HTTP status an OpenAI client gets for a Baidu error kind. */
export function baiduErrorStatus(kind: BaiduErrorKind): number {
  if (kind === 'token_rejected') return 401
  if (kind === 'rate_limited') return 429
  if (kind === 'bad_request') return 400
  return 502
}

/** Baidu access tokens (24.<hex>.<seconds>.<expiry>.<n>-<app>) and URLs that carry one, out of a message. */
export function scrubAccessToken(message: string): string {
  return message
    .replace(/access_token=[^&\s"']+/g, 'access_token=[token]')
    .replace(/\b\d+\.[0-9a-f]{32}\.\d+\.\d+\.\d+-\d+\b/g, '[token]')
}
