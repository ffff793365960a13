import { USER_ID_HEADER } from '@gateway/shared'
import { mockFetch } from '@test/render'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { api, ApiError, requestEnvelope, setSessionExpiredHandler } from './api-client'
import { getStoredUser, setStoredUser } from './session'

const user = { id: 7, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default' }

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected the call to fail')
}

describe('api client', () => {
  const onExpired = vi.fn()

  beforeEach(async () => {
    await i18n.changeLanguage('en')
    setSessionExpiredHandler(onExpired)
    onExpired.mockReset()
  })

  afterEach(() => vi.restoreAllMocks())

  it('returns data from a successful envelope', async () => {
    mockFetch(() => ({ body: { success: true, message: '', data: { answer: 42 } } }))
    await expect(api.get('/api/thing')).resolves.toEqual({ answer: 42 })
  })

  it('sends the user id, language, JSON body and credentials', async () => {
    setStoredUser(user)
    await i18n.changeLanguage('zh')
    const calls = mockFetch(() => ({ body: { success: true, message: '', data: null } }))
    await api.post('/api/thing', { a: 1 }, { query: { p: 2, skip: undefined } })
    const [call] = calls
    const headers = new Headers(call?.init.headers)
    expect(call?.url).toBe('/api/thing?p=2')
    expect(headers.get(USER_ID_HEADER)).toBe('7')
    expect(headers.get('Accept-Language')).toBe('zh')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(call?.init.credentials).toBe('include')
    expect(call?.init.body).toBe('{"a":1}')
  })

  it('omits the user header when logged out', async () => {
    const calls = mockFetch(() => ({ body: { success: true, message: '', data: 1 } }))
    await api.get('/api/thing')
    expect(new Headers(calls[0]?.init.headers).has(USER_ID_HEADER)).toBe(false)
  })

  it('throws the server message when success is false', async () => {
    mockFetch(() => ({ body: { success: false, message: 'Username taken', code: 'CONFLICT' } }))
    const error = await rejection(api.post('/api/user/register', {}))
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'Username taken', status: 200 })
  })

  it('on 401 clears the local user and sends the browser to login', async () => {
    setStoredUser(user)
    mockFetch(() => ({ status: 401, body: { success: false, message: 'no', code: 'UNAUTHORIZED' } }))
    const error = await rejection(api.get('/api/user/self'))
    expect(error.status).toBe(401)
    expect(error.message).toBe('Not logged in or session expired. Please login again!')
    expect(getStoredUser()).toBeNull()
    expect(onExpired).toHaveBeenCalledOnce()
  })

  it('lets sign-in screens treat 401 as a form error', async () => {
    setStoredUser(user)
    mockFetch(() => ({ status: 401, body: { success: false, message: 'Wrong password' } }))
    const error = await rejection(api.post('/api/user/login', {}, { skipSessionExpiry: true }))
    expect(error.message).toBe('Wrong password')
    expect(onExpired).not.toHaveBeenCalled()
    expect(getStoredUser()).not.toBeNull()
  })

  it.each([
    [429, 'Too many requests, try later'],
    [500, 'Internal server error, contact administrator'],
    [405, 'This site is demo only, no server'],
  ])('maps HTTP %i to the spec message', async (status, message) => {
    mockFetch(() => ({ status, body: { success: false, message: 'raw' } }))
    const error = await rejection(api.get('/api/thing'))
    expect(error).toMatchObject({ status, message })
  })

  it('shows the server message for other enveloped HTTP errors', async () => {
    mockFetch(() => ({ status: 403, body: { success: false, message: 'Forbidden here', code: 'FORBIDDEN' } }))
    const error = await rejection(api.get('/api/thing'))
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Forbidden here' })
  })

  it("formats other HTTP errors as 'Error: {message}'", async () => {
    globalThis.fetch = (async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })) as typeof fetch
    const error = await rejection(api.get('/api/thing'))
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', message: 'Error: Bad Gateway' })
  })

  it('never resolves undefined on a non-envelope 200', async () => {
    globalThis.fetch = (async () => new Response('<!doctype html>', { status: 200 })) as typeof fetch
    const error = await rejection(api.get('/api/thing'))
    expect(error.code).toBe('INVALID_RESPONSE')
  })

  it('reports network failures with their own message', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch')
    }) as typeof fetch
    const error = await rejection(api.get('/api/thing'))
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' })
  })

  it('exposes the whole envelope when the message matters', async () => {
    mockFetch(() => ({ body: { success: true, message: 'bind', data: null } }))
    await expect(requestEnvelope('GET', '/api/oauth/github')).resolves.toMatchObject({ message: 'bind' })
  })
})
