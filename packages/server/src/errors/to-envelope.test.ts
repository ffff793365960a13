import { describe, expect, it } from 'vitest'
import { toRelayError } from '../relay/relay-error.ts'
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
      expect(answer.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable right now; please retry shortly' })
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
