import type { LoginSession } from '@gateway/shared'
import { fail, method, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { SessionsCard, timeAgo } from './personal-sessions-card'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const now = Math.floor(Date.now() / 1000)
const session = (overrides: Partial<LoginSession>): LoginSession => ({
  id: '0123456789abcdef',
  browser: 'Chrome 126',
  os: 'Windows',
  ip: '203.0.113.7',
  created_at: now - 86_400,
  last_seen_at: now - 10,
  current: false,
  sid: '0123456789abcdef',
  last_active_at: now - 10,
  login_method: '',
  user_agent: 'Mozilla/5.0',
  expires_at: now + 86_400,
  ...overrides,
})
const current = session({ id: 'aaaaaaaaaaaaaaaa', current: true })
const phone = session({
  id: 'bbbbbbbbbbbbbbbb',
  browser: 'Safari 17',
  os: 'iOS',
  ip: '198.51.100.2',
  last_seen_at: now - 3 * 3600,
})
const unknown = session({ id: 'cccccccccccccccc', browser: '', os: '', ip: '', last_seen_at: now - 5 * 60 })

/** Serves the sessions list from `store`, which revocations change as the server would. */
function serve(store: LoginSession[], handler: Parameters<typeof serveApi>[0] = () => undefined) {
  return serveApi((url, init, body) => {
    const answer = handler(url, init, body)
    if (answer) return answer
    if (url === '/api/user/sessions' && method(init) === 'GET') return ok(store)
    const one = /^\/api\/user\/sessions\/(\w+)$/.exec(url)
    if (one && method(init) === 'DELETE') {
      store.splice(
        store.findIndex((s) => s.id === one[1]),
        1
      )
      return ok(null)
    }
    if (url === '/api/user/sessions/revoke-others' && method(init) === 'POST') {
      const revoked = store.filter((s) => !s.current).length
      store.splice(0, store.length, ...store.filter((s) => s.current))
      return ok({ revoked })
    }
    return undefined
  })
}

const renderCard = () => renderFeaturePage(<SessionsCard />)

const rows = () => within(screen.getByTestId('sessions-list')).getAllByTestId('session-row')

describe('SessionsCard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })

  it('lists each session with device, IP and last activity; only this device is badged and has no revoke', async () => {
    serve([current, phone, unknown])
    renderCard()
    await screen.findByTestId('sessions-list')
    const [mine, iphone, other] = rows()
    expect(within(mine!).getByTestId('session-device').textContent).toBe('Chrome 126 · Windows')
    expect(within(mine!).getByText('This device')).toBeVisible()
    expect(within(mine!).queryByTestId('session-revoke')).toBeNull()
    expect(within(mine!).getByTestId('session-last-seen').textContent).toBe('Last active now')
    expect(within(iphone!).getByTestId('session-device').textContent).toBe('Safari 17 · iOS')
    expect(within(iphone!).getByTestId('session-ip').textContent).toBe('198.51.100.2')
    expect(within(iphone!).getByTestId('session-last-seen').textContent).toBe('Last active 3 hours ago')
    expect(within(iphone!).queryByText('This device')).toBeNull()
    expect(within(iphone!).getByTestId('session-revoke')).toBeVisible()
    expect(within(other!).getByTestId('session-device').textContent).toBe('Unknown device')
    expect(within(other!).getByTestId('session-ip').textContent).toBe('Unknown IP')
    expect(within(other!).getByTestId('session-last-seen').textContent).toBe('Last active 5 minutes ago')
  })

  it('shows the Chinese labels', async () => {
    await i18n.changeLanguage('zh')
    serve([current, phone])
    renderCard()
    await screen.findByTestId('sessions-list')
    expect(screen.getByText('登录会话')).toBeVisible()
    expect(within(rows()[0]!).getByText('当前设备')).toBeVisible()
    expect(within(rows()[1]!).getByTestId('session-revoke').textContent).toBe('撤销')
    expect(screen.getByTestId('sessions-revoke-others').textContent).toBe('退出其他所有会话')
  })

  it('revokes one other session and lists what is left', async () => {
    const calls = serve([current, phone, unknown])
    renderCard()
    await screen.findByTestId('sessions-list')
    fireEvent.click(within(rows()[1]!).getByTestId('session-revoke'))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(calls.filter((call) => method(call.init) === 'DELETE').map((call) => call.url)).toEqual([
      `/api/user/sessions/${phone.id}`,
    ])
    expect(toast.success).toHaveBeenCalledWith('Session revoked')
    expect(screen.queryByText('Safari 17 · iOS')).toBeNull()
  })

  it('reports a refused revocation', async () => {
    serve([current, phone], (url, init) =>
      method(init) === 'DELETE' ? fail('The session does not exist or has already ended', 404) : undefined
    )
    renderCard()
    await screen.findByTestId('sessions-list')
    fireEvent.click(within(rows()[1]!).getByTestId('session-revoke'))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Revoking failed: The session does not exist or has already ended')
    )
  })

  it('signs out every other session only after the confirmation', async () => {
    const calls = serve([current, phone, unknown])
    renderCard()
    await screen.findByTestId('sessions-list')
    const revokeOthers = () => calls.filter((call) => call.url === '/api/user/sessions/revoke-others')
    fireEvent.click(screen.getByTestId('sessions-revoke-others'))
    let dialog = await screen.findByTestId('confirm-dialog')
    expect(within(dialog).getByText(/system access token stops working/)).toBeVisible()
    fireEvent.click(within(dialog).getByText('Cancel'))
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull())
    expect(revokeOthers()).toHaveLength(0)

    fireEvent.click(screen.getByTestId('sessions-revoke-others'))
    dialog = await screen.findByTestId('confirm-dialog')
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(revokeOthers().map((call) => method(call.init))).toEqual(['POST'])
    expect(toast.success).toHaveBeenCalledWith('Other sessions signed out (2)')
    expect(rows()[0]!.dataset.current).toBe('true')
    expect((screen.getByTestId('sessions-revoke-others') as HTMLButtonElement).disabled).toBe(true)
  })

  it('offers nothing to sign out when this is the only session', async () => {
    serve([current])
    renderCard()
    await screen.findByTestId('sessions-list')
    expect((screen.getByTestId('sessions-revoke-others') as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('timeAgo', () => {
  it('picks the largest whole unit', () => {
    const at = 1_700_000_000
    expect(timeAgo(at - 30, 'en', at)).toBe('now')
    expect(timeAgo(at - 60, 'en', at)).toBe('1 minute ago')
    expect(timeAgo(at - 2 * 3600 - 59, 'en', at)).toBe('2 hours ago')
    expect(timeAgo(at - 86_400, 'en', at)).toBe('yesterday')
    expect(timeAgo(at - 3 * 86_400, 'zh', at)).toBe('3天前')
    expect(timeAgo(at + 100, 'en', at)).toBe('now')
  })
})
