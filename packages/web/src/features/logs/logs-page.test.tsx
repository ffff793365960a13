import type { Log } from '@gateway/shared'
import { method, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { clearStoredUser, setStoredUser } from '@/lib/session'
import type { LogSearch } from './log-search'
import { LogsPage } from './logs-page'

const makeLog = (overrides: Partial<Log> = {}): Log => ({
  id: 1,
  user_id: 7,
  created_at: 1_700_000_000,
  type: 2,
  content: 'model ratio 1.25',
  username: 'alice',
  token_name: 'main',
  model_name: 'gpt-4o',
  quota: 1500,
  prompt_tokens: 1000,
  completion_tokens: 200,
  use_time: 150,
  is_stream: true,
  channel: 3,
  channel_name: 'openai-main',
  token_id: 1,
  group: 'default',
  ip: '',
  request_id: '',
  upstream_request_id: '',
  other: JSON.stringify({
    model_ratio: 1.25,
    completion_ratio: 4,
    group_ratio: 1,
    model_price: -1,
    frt: 12_000,
    admin_info: { use_channel: [3, 4] },
  }),
  ...overrides,
})

const logs = [
  makeLog(),
  makeLog({
    id: 2,
    model_name: 'claude',
    use_time: 5,
    other: JSON.stringify({ model_price: 0.1, group_ratio: 1, frt: 800 }),
  }),
]

function serve() {
  return serveApi((url, init) => {
    if (method(init) !== 'GET') return undefined
    if (url.startsWith('/api/log/stat') || url.startsWith('/api/log/self/stat'))
      return ok({ quota: 500_000, rpm: 3, tpm: 1234 })
    if (url.startsWith('/api/log/')) return ok({ items: logs, total: 2, page: 1, page_size: 10, total_capped: false })
    return undefined
  })
}

function renderPage(search: LogSearch = {}) {
  const onSearchChange = vi.fn()
  renderFeaturePage(<LogsPage search={search} onSearchChange={onSearchChange} />)
  return onSearchChange
}

const user = (role: number) =>
  setStoredUser({ id: 1, username: 'me', display_name: 'Me', role, status: 1, group: 'default' })

describe('LogsPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    localStorage.clear()
    clearStoredUser()
    logs[0] = makeLog()
  })

  it('shows a user their own logs and stats, without the admin columns', async () => {
    user(1)
    const calls = serve()
    renderPage({ model_name: 'gpt', type: 2 })
    expect(await screen.findByText('claude')).toBeVisible()
    const list = calls.find((call) => call.url.startsWith('/api/log/self?'))
    expect(list?.url).toContain('model_name=gpt')
    expect(list?.url).toContain('type=2')
    expect(list?.url).toMatch(/start_timestamp=\d+/)
    expect(calls.some((call) => call.url.startsWith('/api/log/self/stat?'))).toBe(true)
    expect(await screen.findByText('1234')).toBeVisible()
    const header = screen.getByTestId('logs-table').querySelector('thead')!
    expect(within(header).queryByText('Channel')).toBeNull()
    expect(within(header).queryByText('User')).toBeNull()
    expect(within(header).queryByText('Retry')).toBeNull()
  })

  it('gives admins the channel, user and retry columns and the user dialog', async () => {
    user(10)
    const calls = serve()
    const onSearchChange = renderPage()
    expect(await screen.findAllByText('#3 openai-main')).toHaveLength(2)
    expect(calls.some((call) => call.url.startsWith('/api/log/?'))).toBe(true)
    expect(calls.some((call) => call.url.startsWith('/api/log/stat?'))).toBe(true)
    expect(screen.getByText('3 → 4')).toBeVisible()
    fireEvent.click(screen.getAllByTestId('log-user')[0]!)
    const dialog = await screen.findByTestId('log-user-dialog')
    expect(within(dialog).getByText('7')).toBeVisible()
    fireEvent.click(within(dialog).getByText("Show only this user's logs"))
    expect(onSearchChange).toHaveBeenCalledWith(expect.objectContaining({ username: 'alice' }))
  })

  it('colours latency and expands a row into its pricing explanation', async () => {
    user(1)
    serve()
    renderPage()
    await screen.findByText('claude')
    const [slow, fast] = screen.getAllByTestId('log-use-time')
    expect(slow?.className).toContain('text-warning')
    expect(fast?.className).toContain('text-success')
    const [slowFrt, fastFrt] = screen.getAllByTestId('log-frt')
    expect(slowFrt?.className).toContain('text-destructive')
    expect(fastFrt?.className).toContain('text-success')
    expect(screen.queryByTestId('log-details')).toBeNull()
    fireEvent.click(screen.getAllByTestId('log-expand')[0]!)
    const details = await screen.findByTestId('log-details')
    expect(within(details).getByText('Model ratio 1.25, completion ratio 4, group ratio 1')).toBeVisible()
    expect(within(details).getByText('Input: 1000 tokens × $2.5 / 1M tokens')).toBeVisible()
    expect(within(details).getByText('First-token latency: 12 s')).toBeVisible()
    await act(() => i18n.changeLanguage('zh'))
    expect(within(screen.getByTestId('log-details')).getByText('模型倍率 1.25，补全倍率 4，分组倍率 1')).toBeVisible()
    fireEvent.click(screen.getAllByTestId('log-expand')[0]!)
    expect(screen.queryByTestId('log-details')).toBeNull()
  })

  it('submits the filters into the search, and the type dropdown at once', async () => {
    user(10)
    serve()
    const onSearchChange = renderPage()
    await screen.findByText('claude')
    fireEvent.change(screen.getByTestId('log-filter-token_name'), { target: { value: ' ci ' } })
    fireEvent.change(screen.getByTestId('log-filter-username'), { target: { value: 'bob' } })
    fireEvent.change(screen.getByTestId('log-filter-channel'), { target: { value: '12' } })
    fireEvent.change(screen.getByTestId('log-filter-start'), { target: { value: '2026-01-02T03:04' } })
    fireEvent.click(screen.getByTestId('log-filter-submit'))
    expect(onSearchChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        token_name: 'ci',
        username: 'bob',
        channel: 12,
        start: new Date(2026, 0, 2, 3, 4).getTime() / 1000,
        p: undefined,
      })
    )
    fireEvent.change(screen.getByTestId('log-filter-type'), { target: { value: '1' } })
    await waitFor(() => expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ type: 1 })))
  })

  it('shows the request ids of an expanded row and searches by them', async () => {
    user(1)
    logs[0] = makeLog({ request_id: '20260102030405abcdef0001', upstream_request_id: 'req_upstream_42' })
    const calls = serve()
    const onSearchChange = renderPage({ request_id: '20260102030405abcdef0001' })
    await screen.findByText('claude')
    expect(calls.find((call) => call.url.startsWith('/api/log/self?'))?.url).toContain(
      'request_id=20260102030405abcdef0001'
    )
    fireEvent.click(screen.getAllByTestId('log-expand')[0]!)
    const ids = await screen.findByTestId('log-request-ids')
    expect(within(ids).getByTestId('log-request-id').textContent).toBe('20260102030405abcdef0001')
    expect(within(ids).getByTestId('log-upstream-request-id').textContent).toBe('req_upstream_42')
    expect(within(ids).getByText('Upstream request ID')).toBeVisible()
    await act(() => i18n.changeLanguage('zh'))
    expect(within(screen.getByTestId('log-request-ids')).getByText('上游请求 ID')).toBeVisible()
    // The second row has no ids: no empty section.
    fireEvent.click(screen.getAllByTestId('log-expand')[1]!)
    expect(screen.getAllByTestId('log-request-ids')).toHaveLength(1)
    fireEvent.change(screen.getByTestId('log-filter-upstream_request_id'), { target: { value: ' req_x ' } })
    fireEvent.click(screen.getByTestId('log-filter-submit'))
    expect(onSearchChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ request_id: '20260102030405abcdef0001', upstream_request_id: 'req_x' })
    )
  })

  it('remembers hidden columns under logs-table-columns', async () => {
    user(1)
    serve()
    renderPage()
    await screen.findByText('claude')
    // The column settings dialog writes through useColumnVisibility; its key is the spec's.
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }))
    const dialog = await screen.findByTestId('column-settings')
    fireEvent.click(within(dialog).getByTestId('column-toggle-group'))
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('logs-table-columns') ?? '{}')).toMatchObject({ group: false })
    )
  })
})
