import type { TaskRecord } from '@gateway/shared'
import { fail, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Toaster } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { createQueryClient } from '@/lib/query-client'
import { clearStoredUser, setStoredUser } from '@/lib/session'
import { midnightToday, type TaskSearch } from './task-search'
import { TasksPage } from './tasks-page'

const makeTask = (id: number, overrides: Partial<TaskRecord> = {}): TaskRecord => ({
  id,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_030,
  task_id: `suno-task-${id}`,
  platform: 'suno',
  user_id: 7,
  group: '',
  channel_id: 3,
  quota: 50_000,
  action: 'MUSIC',
  status: 'SUCCESS',
  fail_reason: '',
  submit_time: 1_700_000_000,
  start_time: 1_700_000_005,
  finish_time: 1_700_000_030,
  progress: '100%',
  properties: null,
  data: [{ audio_url: 'https://cdn.example/a.mp3' }],
  ...overrides,
})

const firstPage = Array.from({ length: 10 }, (_, i) => makeTask(100 - i))
const secondPage = [
  makeTask(90, { status: 'IN_PROGRESS', progress: '40%', finish_time: 0 }),
  makeTask(89, {
    status: 'FAILURE',
    action: 'LYRICS',
    fail_reason: 'The prompt was refused by the content policy of the upstream service',
    progress: 'stalled',
  }),
  makeTask(88, { status: '', progress: '', finish_time: 0, platform: 'other', action: 'VIDEO' }),
]

const param = (url: string, name: string) => new URL(url, 'http://x').searchParams.get(name)

function serve(pages: TaskRecord[][]) {
  return serveApi((url) => {
    if (!url.startsWith('/api/task')) return undefined
    // The server's p starts at 1, and it answers the page with the count of every matching row.
    const size = Number(param(url, 'page_size'))
    const rows = pages.flat()
    const index = Number(param(url, 'p')) - 1
    return ok({ items: pages[index] ?? [], total: rows.length, page: index + 1, page_size: size })
  })
}

function renderPage(search: TaskSearch = {}) {
  const onSearchChange = vi.fn()
  renderFeaturePage(<TasksPage search={search} onSearchChange={onSearchChange} />)
  return onSearchChange
}

const user = (role: number) =>
  setStoredUser({ id: 1, username: 'me', display_name: 'Me', role, status: 1, group: 'default' })
const taskCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith('/api/task'))

describe('TasksPage', () => {
  const clipboard = { writeText: vi.fn() }
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    localStorage.clear()
    clearStoredUser()
    clipboard.writeText.mockReset()
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true })
  })

  it('loads page 1 from midnight today, and the next page only when the user opens it', async () => {
    user(10)
    const calls = serve([firstPage, secondPage])
    renderPage()
    expect(await screen.findByText('suno-task-100')).toBeVisible()
    const first = taskCalls(calls)
    expect(first).toHaveLength(1)
    expect(first[0]?.url.startsWith('/api/task/?')).toBe(true)
    expect(param(first[0]!.url, 'p')).toBe('1')
    expect(param(first[0]!.url, 'page_size')).toBe('10')
    expect(param(first[0]!.url, 'start_timestamp')).toBe(String(midnightToday()))
    // The console's one pager: the server's count, and the next page offered, not fetched.
    expect(screen.getByTestId('data-table-total').textContent).toBe('13 in total')
    expect(screen.getByTestId('data-table-page').textContent).toBe('Page 1 of 2')
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(await screen.findByText('suno-task-90')).toBeVisible()
    expect(screen.queryByText('suno-task-100')).toBeNull()
    const second = taskCalls(calls)
    expect(second).toHaveLength(2)
    expect(param(second[1]!.url, 'p')).toBe('2')
    // The total says this was the last page: no third page, and going back costs no request.
    await waitFor(() => expect(screen.getByTestId('data-table-page').textContent).toBe('Page 2 of 2'))
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(await screen.findByText('suno-task-100')).toBeVisible()
    expect(taskCalls(calls)).toHaveLength(2)
  })

  it('draws progress, status, type, platform, time spent and failure reason as the spec says', async () => {
    user(10)
    serve([secondPage])
    renderPage()
    const table = await screen.findByTestId('tasks-table')
    await within(table).findByText('suno-task-90')
    const rows = within(table).getAllByRole('row').slice(1)
    // 40% is a circle; "stalled" is shown as it is; an empty status is "Submitting".
    expect(within(rows[0]!).getByTestId('task-progress-circle').getAttribute('aria-valuenow')).toBe('40')
    expect(within(rows[0]!).getByText('Executing')).toBeVisible()
    expect(within(rows[1]!).getByText('stalled')).toBeVisible()
    expect(within(rows[1]!).getByText('Failed')).toBeVisible()
    expect(within(rows[1]!).getByText('Generate lyrics')).toBeVisible()
    expect(within(rows[1]!).getByText('30 s')).toBeVisible()
    expect(within(rows[2]!).getByText('Submitting')).toBeVisible()
    expect(within(rows[2]!).getAllByText('Unknown')).toHaveLength(2)
    expect(within(rows[0]!).getByText('None')).toBeVisible()

    fireEvent.click(within(rows[1]!).getByTestId('task-fail-reason'))
    const reason = await screen.findByTestId('task-reason-dialog')
    expect(
      within(reason).getByText('The prompt was refused by the content policy of the upstream service')
    ).toBeVisible()
    fireEvent.keyDown(reason, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('task-reason-dialog')).toBeNull())

    fireEvent.click(within(rows[0]!).getByTestId('task-id'))
    const dialog = await screen.findByTestId('task-record-dialog')
    const json = JSON.parse(within(dialog).getByTestId('task-record-json').textContent ?? '')
    expect(json).toMatchObject({ task_id: 'suno-task-90', status: 'IN_PROGRESS', progress: '40%', channel_id: 3 })
    expect(within(dialog).getByTestId('task-record-json').textContent).toContain('\n  "id": 90')
    expect(dialog.className).toContain('max-w-[800px]')
    expect(within(dialog).getByTestId('task-record-json').className).toContain('h-[400px]')
  })

  it('copies the channel id, and offers manual copying when the clipboard refuses', async () => {
    user(10)
    serve([[makeTask(5, { channel_id: 42 })]])
    renderPage()
    const tag = await screen.findByRole('button', { name: 'Copy channel ID 42' })
    clipboard.writeText.mockResolvedValueOnce(undefined)
    fireEvent.click(tag)
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith('42'))
    expect(screen.queryByTestId('manual-copy-dialog')).toBeNull()
    clipboard.writeText.mockRejectedValueOnce(new Error('denied'))
    fireEvent.click(tag)
    const manual = await screen.findByTestId('manual-copy-dialog')
    expect(within(manual).getByText('Cannot copy to clipboard, please copy manually')).toBeVisible()
    expect((within(manual).getByRole('textbox') as HTMLTextAreaElement).value).toBe('42')
  })

  it('shows users their own tasks without the channel column or filter, and sends the filters', async () => {
    user(1)
    const calls = serve([[makeTask(1, { channel_id: undefined })]])
    const onSearchChange = renderPage({ task_id: 'suno-task-1', start: 1_700_000_000, channel_id: 9 })
    expect(await screen.findByText('suno-task-1')).toBeVisible()
    const call = taskCalls(calls)[0]!
    expect(call.url.startsWith('/api/task/self?')).toBe(true)
    expect(param(call.url, 'task_id')).toBe('suno-task-1')
    expect(param(call.url, 'start_timestamp')).toBe('1700000000')
    expect(param(call.url, 'channel_id')).toBeNull()
    const header = screen.getByTestId('tasks-table').querySelector('thead')!
    expect(within(header).queryByText('Channel')).toBeNull()
    expect(screen.queryByTestId('task-filter-channel_id')).toBeNull()
    fireEvent.change(screen.getByTestId('task-filter-task_id'), { target: { value: ' other ' } })
    fireEvent.click(screen.getByTestId('task-filter-submit'))
    expect(onSearchChange).toHaveBeenCalledWith({
      channel_id: undefined,
      task_id: 'other',
      start: 1_700_000_000,
      end: undefined,
    })
  })

  it('shows the Chinese labels', async () => {
    await i18n.changeLanguage('zh')
    user(10)
    serve([[makeTask(1, { status: 'QUEUED', fail_reason: '' })]])
    renderPage()
    expect(await screen.findByText('排队中')).toBeVisible()
    expect(screen.getByText('生成音乐')).toBeVisible()
    expect(screen.getByText('无')).toBeVisible()
    expect(screen.getByText('提交时间')).toBeVisible()
    expect(screen.getByRole('button', { name: '查询' })).toBeVisible()
  })

  it('asks for a new first page when the page size changes', async () => {
    user(10)
    const calls = serve([firstPage, secondPage])
    renderPage()
    await screen.findByText('suno-task-100')
    fireEvent.change(screen.getByRole('combobox', { name: 'Per page' }), { target: { value: '20' } })
    await waitFor(() =>
      expect(
        taskCalls(calls).some((call) => param(call.url, 'page_size') === '20' && param(call.url, 'p') === '1')
      ).toBe(true)
    )
    expect(localStorage.getItem('page-size')).toBe('20')
  })

  it('shows the server message when the list cannot be fetched', async () => {
    user(10)
    serveApi((url) => (url.startsWith('/api/task') ? fail('The query parameter task_id is invalid') : undefined))
    renderFeaturePage(
      <>
        <Toaster />
        <TasksPage search={{}} onSearchChange={vi.fn()} />
      </>,
      { client: createQueryClient() }
    )
    // Inside the table (with Retry) as well as in the toast; a failure is not "no tasks".
    expect((await screen.findByTestId('load-error-message')).textContent).toBe('The query parameter task_id is invalid')
    expect(screen.getByTestId('load-error-retry')).toBeVisible()
    expect(screen.queryByText('No tasks in this range')).toBeNull()
  })
})
