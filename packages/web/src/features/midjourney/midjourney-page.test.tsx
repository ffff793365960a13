import type { MjTask } from '@gateway/shared'
import { method, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { clearStoredUser, setStoredUser } from '@/lib/session'
import { MidjourneyPage } from './midjourney-page'
import type { MjSearch } from './midjourney-search'

const makeTask = (overrides: Partial<MjTask> = {}): MjTask => ({
  id: 1,
  code: 1,
  user_id: 7,
  action: 'IMAGINE',
  mj_id: '1712345678901',
  prompt: 'a red fox in the snow',
  prompt_en: 'a red fox in the snow, cinematic',
  description: '',
  state: '',
  submit_time: 1_700_000_000_000,
  start_time: 1_700_000_001_000,
  finish_time: 1_700_000_030_000,
  image_url: 'https://gw.example.com/mj/image/1712345678901',
  status: 'SUCCESS',
  progress: '100%',
  fail_reason: '',
  channel_id: 3,
  quota: 50_000,
  buttons: '',
  properties: '{}',
  video_url: '',
  video_urls: '',
  ...overrides,
})

const tasks = [
  makeTask(),
  makeTask({
    id: 2,
    mj_id: '2',
    action: 'UPSCALE',
    status: 'FAILURE',
    fail_reason: 'banned prompt',
    image_url: '',
    finish_time: 1_700_000_090_000,
    prompt: 'upscale it',
    prompt_en: '',
  }),
]

function serve(rows: MjTask[] = tasks, total = rows.length) {
  return serveApi((url, init) => {
    if (method(init) === 'GET' && url.startsWith('/api/mj/')) return ok({ items: rows, total, page: 1, page_size: 10 })
    return undefined
  })
}

function renderPage(search: MjSearch = {}) {
  const onSearchChange = vi.fn()
  renderFeaturePage(<MidjourneyPage search={search} onSearchChange={onSearchChange} />)
  return onSearchChange
}

const user = (role: number) =>
  setStoredUser({ id: 1, username: 'me', display_name: 'Me', role, status: 1, group: 'default' })

describe('MidjourneyPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    localStorage.clear()
    clearStoredUser()
  })

  it('shows a user their own tasks from /api/mj/self, without the channel', async () => {
    user(1)
    const calls = serve()
    renderPage()
    expect(await screen.findByText('a red fox in the snow')).toBeVisible()
    const list = calls.find((call) => call.url.startsWith('/api/mj/self?'))
    expect(list?.url).toContain('p=1&')
    expect(list?.url).toMatch(/start_timestamp=\d+/)
    expect(list?.url).not.toContain('end_timestamp')
    const header = screen.getByTestId('mj-table').querySelector('thead')!
    expect(within(header).queryByText('Channel')).toBeNull()
    expect(screen.queryByTestId('mj-filter-channel_id')).toBeNull()
    expect(screen.getAllByTestId('mj-action').map((badge) => badge.textContent)).toEqual(['Draw', 'Upscale'])
    expect(screen.getAllByTestId('mj-status').map((badge) => badge.textContent)).toEqual(['Success', 'Failed'])
    expect(screen.getAllByTestId('mj-code')[0]?.textContent).toBe('Submitted')
    const [fast, slow] = screen.getAllByTestId('mj-duration')
    expect(fast?.textContent).toBe('30 s')
    expect(fast?.className).toContain('text-success')
    expect(slow?.textContent).toBe('90 s')
    expect(slow?.className).toContain('text-destructive')
    expect(screen.getByText('banned prompt')).toBeVisible()
    // The total says whether a next page exists.
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('gives admins the channel filter and column, and enlarges an image', async () => {
    user(10)
    const calls = serve(tasks, 25)
    const onSearchChange = renderPage({ p: 2, channel_id: 3 })
    expect(await screen.findAllByText('#3')).toHaveLength(2)
    const list = calls.find((call) => call.url.startsWith('/api/mj/?'))
    expect(list?.url).toContain('p=2&')
    // 25 rows in all: a third page of 10 is there.
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false)
    expect(list?.url).toContain('channel_id=3')
    fireEvent.click(screen.getByTestId('mj-image'))
    const dialog = await screen.findByTestId('mj-image-dialog')
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('https://gw.example.com/mj/image/1712345678901')
    fireEvent.change(screen.getByTestId('mj-filter-mj_id'), { target: { value: ' 42 ' } })
    fireEvent.click(screen.getByTestId('mj-filter-submit'))
    expect(onSearchChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ mj_id: '42', channel_id: 3, p: undefined })
    )
  })

  it('speaks Chinese', async () => {
    user(1)
    serve()
    renderPage()
    await screen.findByText('a red fox in the snow')
    await act(() => i18n.changeLanguage('zh'))
    expect(screen.getAllByTestId('mj-action').map((badge) => badge.textContent)).toEqual(['绘图', '放大'])
    expect(screen.getAllByTestId('mj-status').map((badge) => badge.textContent)).toEqual(['成功', '失败'])
    expect(screen.getByText('绘图日志')).toBeVisible()
  })
})
