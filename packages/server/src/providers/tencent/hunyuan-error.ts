import type { HunyuanResponseBody } from './hunyuan-api.ts'

/**
 * The error inside a Hunyuan answer, which comes with HTTP 200: API 3.0's Response.Error
 * ({Code: "AuthFailure.SignatureFailure", Message}) or a stream's ErrorMsg ({Code: 4001, Msg}).
 * Accepts the body with or without its Response wrapper.
 */
export function readHunyuanError(value: unknown): { code: string; message: string } | undefined {
  if (!value || typeof value !== 'object') return undefined
  const wrapped = (value as { Response?: unknown }).Response
  const body = (wrapped && typeof wrapped === 'object' ? wrapped : value) as HunyuanResponseBody
  const error = body.Error
  if (error && typeof error === 'object' && (error.Code || error.Message)) {
    return { code: String(error.Code || 'InternalError'), message: String(error.Message || error.Code) }
  }
  const streamError = body.ErrorMsg
  if (streamError && typeof streamError === 'object' && (streamError.Code || streamError.Msg)) {
    return {
      code: String(streamError.Code ?? 'InternalError'),
      message: String(streamError.Msg || `error ${streamError.Code}`),
    }
  }
  return undefined
}

/**
 * The HTTP status an API 3.0 error code stands for (the common error codes of every Tencent Cloud
 * API, and Hunyuan's FailedOperation.* ones):
 * bad credentials 401, an account without rights or credit 403, rate and concurrency limits 429,
 * a request Tencent rejects 400, and anything on Tencent's side 502.
 */
export function hunyuanErrorStatus(code: string): number {
  if (code.startsWith('AuthFailure')) return 401
  if (
    code === 'RequestSizeLimitExceeded' ||
    /^(InvalidParameter|MissingParameter|UnknownParameter|InvalidAction|UnsupportedOperation|UnsupportedProtocol|UnsupportedRegion|InvalidRequest)/.test(
      code
    )
  )
    return 400
  if (code.includes('LimitExceeded')) return 429
  if (
    /^(UnauthorizedOperation|OperationDenied|ResourceUnavailable\.(InArrears|LowBalance|NotExist|StopUsing)|ResourceInsufficient|FailedOperation\.(ServiceNotActivated|ServiceStop|FreeResourcePackExhausted|ResourcePackExhausted))/.test(
      code
    )
  )
    return 403
  return 502
}
