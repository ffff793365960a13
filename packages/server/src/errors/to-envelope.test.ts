import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toRelayError } from '../relay/relay-error.ts'
import { AppError } from './app-error.ts'
import { toEnvelope } from './to-envelope.ts'

// What the three drivers throw when the database is away or busy.
const unavailable = [
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  new Error('Connection terminated unexpectedly'),
  Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST' }),
  Object.assign(new Error('database is locked'), { errcode: 5 }),
]

describe('database unavailability', () => {
  it('is a 503 that says so on the console API and on the relay, never an internal or upstream error', () => {
    for (const error of unavailable) {
      const answer = toEnvelope(error, 'en')
      expect(answer.status).toBe(503)
      expect(answer.body).toMatchObject({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database is unavailable right now; please retry shortly',
      })
      expect(answer.unexpected).toBe(false)
      const relay = toRelayError(error)
      expect(relay.internal).toBe(false)
      expect(relay.error.status).toBe(503)
      expect(relay.error.code).toBe('database_unavailable')
      expect(relay.error.text('zh')).toBe('数据库暂时不可用，请稍后重试')
    }
  })

  it('leaves other errors internal', () => {
    const error = Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' })
    expect(toEnvelope(error, 'en')).toMatchObject({ status: 500, unexpected: true })
    expect(toRelayError(error)).toMatchObject({ internal: true, error: { status: 500, code: 'internal_error' } })
    expect(toRelayError(error).error.text('en')).toBe('The gateway failed to handle the request')
  })
})

describe('the status convention of the console API', () => {
  it('answers business refusals 200 with success false and the code, as the reference; auth, limits and failures keep theirs', () => {
    const statuses = Object.fromEntries(
      (
        [
          'BAD_REQUEST',
          'NOT_FOUND',
          'CONFLICT',
          'NOT_IMPLEMENTED',
          'DENIED',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'PAYLOAD_TOO_LARGE',
          'RATE_LIMITED',
          'INTERNAL_ERROR',
          'SERVICE_UNAVAILABLE',
        ] as const
      ).map((code) => [code, toEnvelope(new AppError(code, 'common.bad_request'), 'en').status])
    )
    expect(statuses).toEqual({
      BAD_REQUEST: 200,
      NOT_FOUND: 200,
      CONFLICT: 200,
      NOT_IMPLEMENTED: 200,
      DENIED: 200,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      PAYLOAD_TOO_LARGE: 413,
      RATE_LIMITED: 429,
      INTERNAL_ERROR: 500,
      SERVICE_UNAVAILABLE: 503,
    })
    expect(toEnvelope(new AppError('NOT_FOUND', 'common.not_found'), 'en').body).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Not found',
    })
  })

  it('answers a body that fails its schema, or one that cannot be read, as a bad request at 200', () => {
    const invalid = toEnvelope(z.object({ name: z.string() }).safeParse({}).error, 'en')
    expect(invalid).toMatchObject({ status: 200, body: { success: false, code: 'BAD_REQUEST' }, unexpected: false })
    expect(toEnvelope(new HTTPException(400), 'en')).toMatchObject({ status: 200, body: { code: 'BAD_REQUEST' } })
    expect(toEnvelope(new HTTPException(413), 'en')).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } })
  })
})
