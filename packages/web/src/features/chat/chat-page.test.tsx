import { makeToken, ok, page, serveApi } from '@test/api'
import { renderWithRouter } from '@test/render'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { ChatPage } from './chat-page'
import { chat2linkNavigation, Chat2LinkPage } from './chat2link-page'
import { NO_TOKEN_REDIRECT_MS } from './use-chat-token'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const status = {
  server_address: 'https://api.example',
  chats: [
    { Lobe: 'https://lobe.example/?settings={"key":"{key}","baseURL":"{address}"}' },
    { Local: 'http://localhost:3000/#/?key={key}' },
  ] as Record<string, string>[],
  chat_link: '',
}
const enabled = makeToken({ id: 2, key: 'sk-enab**********bled', status: 1 })

/** The list carries masked keys; POST /api/token/:id/key gives the bare `full-<id>`, used as `sk-full-<id>`. */
function serveTokens(items = [makeToken({ id: 1, status: 2, key: 'sk-disa**********bled' }), enabled]) {
  return serveApi((url) => {
    const single = /^\/api\/token\/(\d+)\/key$/.exec(url)
    if (single) return ok({ key: `full-${single[1]}` })
    return url.startsWith('/api/token/') ? page(items) : ok(null)
  }, status)
}

describe('chat pages', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })
  afterEach(() => vi.useRealTimers())

  it('frames the chat link with the first enabled token and the server address', async () => {
    const calls = serveTokens()
    await renderWithRouter(<ChatPage id="0" />, '/chat/0')
    const frame = (await screen.findByTestId('chat-frame')) as HTMLIFrameElement
    expect(calls.some((call) => call.url === '/api/token/?p=1&page_size=100')).toBe(true)
    // Only the chosen token's key is fetched, on purpose, with a POST.
    expect(calls.filter((call) => call.url.endsWith('/key')).map((call) => [call.init.method, call.url])).toEqual([
      ['POST', '/api/token/2/key'],
    ])
    expect(frame.getAttribute('src')).toBe(
      `https://lobe.example/?settings={"key":"sk-full-2","baseURL":"${encodeURIComponent('https://api.example')}"}`
    )
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups allow-same-origin')
    expect(frame.title).toBe('Lobe')
  })

  it('gives a plain-http chat no same-origin sandbox flag', async () => {
    serveTokens()
    await renderWithRouter(<ChatPage id="1" />, '/chat/1')
    const frame = await screen.findByTestId('chat-frame')
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups')
    expect(frame.getAttribute('src')).toBe('http://localhost:3000/#/?key=sk-full-2')
  })

  it('reports a chat id that is not configured', async () => {
    serveTokens()
    await renderWithRouter(<ChatPage id="5" />, '/chat/5')
    expect((await screen.findByTestId('chat-error')).textContent).toBe(i18n.t('chat:configError'))
  })

  it('without an enabled token shows the error and goes to /token after 1.5 s', async () => {
    // Timeouts are faked from the start, so the redirect's 1.5 s is stepped over exactly; react-query
    // delivers results on a zero timeout, hence the zero-time steps while waiting for the page (each
    // vi.waitFor round also moves the fake clock by its interval, before the redirect is scheduled).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const settle = (check: () => void) =>
      vi.waitFor(async () => {
        await act(() => vi.advanceTimersByTimeAsync(0))
        check()
      })
    serveTokens([makeToken({ status: 2 })])
    const { router } = await renderWithRouter(<ChatPage id="0" />, '/chat/0')
    await settle(() => expect(screen.getByTestId('chat-error').textContent).toBe(i18n.t('chat:noToken')))
    expect(toast.error).toHaveBeenCalledWith(i18n.t('chat:noToken'))
    await act(() => vi.advanceTimersByTimeAsync(NO_TOKEN_REDIRECT_MS - 1))
    expect(router.state.location.pathname).toBe('/chat/0')
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(router.state.location.pathname).toBe('/token')
  })

  it('/chat2link sends the browser to the filled chat link', async () => {
    serveTokens()
    const go = vi.spyOn(chat2linkNavigation, 'go').mockImplementation(() => {})
    await renderWithRouter(<Chat2LinkPage />, '/chat2link')
    await waitFor(() => expect(go).toHaveBeenCalled())
    expect(go.mock.calls[0]![0]).toBe(
      `https://lobe.example/?settings={"key":"sk-full-2","baseURL":"${encodeURIComponent('https://api.example')}"}`
    )
  })

  it('says so when the key cannot be fetched, and fills no link', async () => {
    serveApi((url) => {
      if (url === '/api/token/2/key')
        return { status: 429, body: { success: false, message: 'slow down', code: 'RATE_LIMITED' } }
      return url.startsWith('/api/token/') ? page([enabled]) : ok(null)
    }, status)
    await renderWithRouter(<ChatPage id="0" />, '/chat/0')
    expect((await screen.findByTestId('chat-error')).textContent).toBe(i18n.t('chat:keyFailed'))
    expect(screen.queryByTestId('chat-frame')).toBeNull()
  })
})
