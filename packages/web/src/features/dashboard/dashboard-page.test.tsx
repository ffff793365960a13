import type { QuotaDataRow, Status } from '@gateway/shared'
import { fail, method, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { clearStoredUser, setStoredUser } from '@/lib/session'
import { DashboardPage } from './dashboard-page'
import type { DashboardSearch } from './dashboard-search'

const hour = Math.floor(Date.now() / 1000 / 3600) * 3600
const row = (model: string, fields: Partial<QuotaDataRow> = {}): QuotaDataRow => ({
  id: 0,
  user_id: 0,
  username: '',
  model_name: model,
  created_at: hour,
  count: 1,
  quota: 250_000,
  token_used: 1000,
  use_group: '',
  token_id: 0,
  channel_id: 0,
  node_name: '',
  ...fields,
})
const rows = [
  row('gpt-4o', { count: 3, quota: 750_000, token_used: 12_000 }),
  row('claude-3', { created_at: hour - 3600, count: 2, quota: 250_000, token_used: 500 }),
]

function serve(
  answer: (url: string) => ReturnType<typeof ok> | ReturnType<typeof fail> = () => ok(rows),
  status: Partial<Status> = {}
) {
  return serveApi(
    (url, init) => (method(init) === 'GET' && url.startsWith('/api/data/') ? answer(url) : undefined),
    status
  )
}

function renderPage(search: DashboardSearch = {}) {
  const onSearchChange = vi.fn()
  renderFeaturePage(<DashboardPage search={search} onSearchChange={onSearchChange} />)
  return onSearchChange
}

const user = (role: number) =>
  setStoredUser({ id: 1, username: 'me', display_name: 'Me', role, status: 1, group: 'default' })
const params = (url: string) => new URL(url, 'http://x').searchParams

describe('DashboardPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    localStorage.clear()
    clearStoredUser()
  })

  it('shows a user their own totals and models from /api/data/self', async () => {
    user(1)
    const calls = serve()
    renderPage()
    expect(await screen.findByTestId('dashboard-total-count')).toHaveProperty('textContent', '5')
    expect(screen.getByTestId('dashboard-total-tokens').dataset.value).toBe('12500')
    expect(screen.getByTestId('dashboard-total-tokens').textContent).toBe('12.5k')
    // 1,000,000 quota points at the default 500,000 per dollar.
    expect(screen.getByTestId('dashboard-total-quota').textContent).toBe('$2')
    const table = screen.getByTestId('dashboard-model-table')
    const models = within(table).getAllByTestId('dashboard-model-row')
    expect(models.map((r) => r.querySelector('td')?.textContent)).toEqual(['gpt-4o', 'claude-3'])
    expect(within(models[0]!).getByText('75.0%')).toBeVisible()
    const call = calls.find((c) => c.url.startsWith('/api/data/'))!
    expect(call.url.startsWith('/api/data/self?')).toBe(true)
    const query = params(call.url)
    // The default granularity is hour: the last day.
    expect(Number(query.get('end_timestamp')) - Number(query.get('start_timestamp'))).toBe(86_400)
    expect(query.has('username')).toBe(false)
    expect(screen.queryByTestId('dashboard-username')).toBeNull()
  })

  it('lets an admin read everyone or one user', async () => {
    user(10)
    const calls = serve()
    const onSearchChange = renderPage({ username: 'alice', start: hour - 7200, end: hour + 60 })
    await screen.findByTestId('dashboard-model-table')
    const call = calls.find((c) => c.url.startsWith('/api/data/'))!
    expect(call.url.startsWith('/api/data/?')).toBe(true)
    expect(params(call.url).get('username')).toBe('alice')
    expect(params(call.url).get('start_timestamp')).toBe(String(hour - 7200))
    expect(screen.getByText(/of alice over time/)).toBeVisible()
    const username = screen.getByTestId('dashboard-username')
    fireEvent.change(username, { target: { value: ' bob ' } })
    fireEvent.click(screen.getByTestId('dashboard-submit'))
    expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ username: 'bob' }))
  })

  it('opens with the granularity the admin configured, and changes it at once', async () => {
    user(1)
    const calls = serve(undefined, { data_export_default_time: 'week' })
    const onSearchChange = renderPage()
    await screen.findByTestId('dashboard-model-table')
    const query = params(calls.find((c) => c.url.startsWith('/api/data/'))!.url)
    expect(Number(query.get('end_timestamp')) - Number(query.get('start_timestamp'))).toBe(30 * 86_400)
    const select = screen.getByTestId('dashboard-granularity') as HTMLSelectElement
    expect(select.value).toBe('week')
    fireEvent.change(select, { target: { value: 'day' } })
    expect(onSearchChange).toHaveBeenLastCalledWith({ granularity: 'day' })
  })

  it('applies presets and refuses a reversed or over-long range before asking', async () => {
    user(1)
    serve()
    const onSearchChange = renderPage()
    await screen.findByTestId('dashboard-model-table')
    fireEvent.click(screen.getByTestId('dashboard-preset-7'))
    const applied = onSearchChange.mock.lastCall![0] as DashboardSearch
    expect(applied.end! - applied.start!).toBe(7 * 86_400)
    onSearchChange.mockClear()
    fireEvent.change(screen.getByTestId('dashboard-start'), { target: { value: '2024-05-10T00:00' } })
    fireEvent.change(screen.getByTestId('dashboard-end'), { target: { value: '2024-05-01T00:00' } })
    fireEvent.click(screen.getByTestId('dashboard-submit'))
    expect(screen.getByTestId('dashboard-filter-error').textContent).toBe(
      'The end time cannot be earlier than the start time'
    )
    fireEvent.change(screen.getByTestId('dashboard-end'), { target: { value: '2024-06-10T00:00' } })
    fireEvent.click(screen.getByTestId('dashboard-submit'))
    expect(screen.getByTestId('dashboard-filter-error').textContent).toBe('The time span cannot exceed 1 month')
    expect(onSearchChange).not.toHaveBeenCalled()
  })

  it('shows an empty state without data and the server message on an error', async () => {
    user(1)
    serve(() => ok([]))
    renderPage()
    expect(await screen.findByTestId('dashboard-empty')).toBeVisible()
    expect(screen.getByText('No usage in this range')).toBeVisible()
    expect(screen.getByTestId('dashboard-total-count').textContent).toBe('0')
  })

  it("shows the server's refusal in the page", async () => {
    user(1)
    serve(() => fail('The time span cannot exceed 1 month', 400))
    renderPage({ start: 0, end: 40 * 86_400 })
    expect((await screen.findByTestId('dashboard-error')).textContent).toContain('The time span cannot exceed 1 month')
    expect(screen.queryByTestId('dashboard-empty')).toBeNull()
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh')
    user(1)
    serve(() => ok([]))
    renderPage()
    expect(await screen.findByText('该时间范围内没有使用数据')).toBeVisible()
    expect(screen.getByText('请求次数')).toBeVisible()
  })
})
