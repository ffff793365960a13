import { Role, type Channel } from '@gateway/shared'
import { renderWithRouter } from '@test/render'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { setStoredUser } from '@/lib/session'
import { defaultStatus } from '@/lib/status'
import { channelsApi } from './api'
import { ChannelsPage } from './channels-page'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }))
vi.mock('./api', () => ({
  channelsApi: {
    list: vi.fn(),
    update: vi.fn(async () => ({})),
    keyStatus: vi.fn(async () => ({
      keys: [],
      total: 0,
      page: 1,
      page_size: 10,
      total_pages: 1,
      enabled_count: 0,
      manual_disabled_count: 0,
      auto_disabled_count: 0,
    })),
    groups: vi.fn(async () => ['default']),
    enabledModels: vi.fn(async () => ['gpt-4o']),
    test: vi.fn(async () => ({ success: true, time: 0.42 })),
  },
}))

const channel = (patch: Partial<Channel>): Channel => ({
  id: 1,
  type: 1,
  key: '',
  openai_organization: null,
  test_model: null,
  status: 1,
  name: 'alpha',
  weight: 0,
  created_time: 0,
  test_time: 0,
  response_time: 0,
  base_url: '',
  other: '',
  balance: 0,
  balance_updated_time: 0,
  models: 'gpt-4o',
  group: 'default',
  used_quota: 0,
  model_mapping: '',
  status_code_mapping: '',
  priority: 0,
  auto_ban: 1,
  other_info: '',
  tag: null,
  setting: '',
  settings: '',
  param_override: '',
  header_override: '',
  remark: '',
  max_input_tokens: 0,
  private_network: 0,
  channel_info: {
    is_multi_key: false,
    multi_key_size: 0,
    multi_key_status_list: null,
    multi_key_polling_index: 0,
    multi_key_mode: '',
  },
  ...patch,
})

const items = [
  channel({ id: 1, name: 'alpha', response_time: 800 }),
  channel({
    id: 2,
    name: 'beta',
    type: 15,
    status: 3,
    other_info: '{"status_reason":"401","status_time":1700000000}',
    tag: 'team',
  }),
  channel({ id: 3, name: 'gamma', status: 2, response_time: 4000, tag: 'team' }),
]

async function renderPage() {
  return renderWithRouter(<ChannelsPage search={{}} onSearchChange={() => {}} />, '/channel')
}

const signedInAs = (role: number) =>
  setStoredUser({ id: 7, username: 'me', display_name: 'Me', role, status: 1, group: 'default' })

/** GET /api/status as the server answers it, with the root's channel grant for admins on or off. */
function serveStatus(adminChannelWrite: boolean) {
  const envelope = {
    success: true,
    message: '',
    data: { ...defaultStatus, admin_channel_write_enabled: adminChannelWrite },
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('/api/status')
        ? Response.json(envelope)
        : Response.json({ success: false, message: 'unexpected' }, { status: 500 })
    )
  )
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement
const openMenu = (row: HTMLElement) =>
  fireEvent.pointerDown(within(row).getByTestId('row-actions-trigger'), { button: 0, pointerType: 'mouse' })

describe('ChannelsPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
    vi.mocked(channelsApi.list).mockResolvedValue({ items, total: 3, page: 1, page_size: 10 })
    signedInAs(Role.root)
  })

  it('shows type labels, statuses and response-time colours', async () => {
    await renderPage()
    expect(await screen.findByText('alpha')).toBeVisible()
    expect(screen.getByText('Baidu Qianfan')).toBeVisible()
    expect(screen.getByText('Auto-disabled')).toBeVisible()
    expect(screen.getByText('Disabled')).toBeVisible()
    const times = screen.getAllByTestId('response-time').map((node) => node.getAttribute('data-level'))
    expect(times).toEqual(['green', 'untested', 'yellow'])
  })

  it('remembers the visible columns in channels-table-columns', async () => {
    const first = await renderPage()
    await screen.findByText('alpha')
    fireEvent.click(screen.getByTestId('column-settings-trigger'))
    const dialog = await screen.findByTestId('column-settings')
    fireEvent.click(within(dialog).getByTestId('column-toggle-models'))
    expect(JSON.parse(localStorage.getItem('channels-table-columns') ?? '{}')).toMatchObject({ models: false })
    expect(screen.queryByRole('columnheader', { name: 'Models' })).toBeNull()
    first.unmount()
    await renderPage()
    await screen.findByText('alpha')
    expect(screen.queryByRole('columnheader', { name: 'Models' })).toBeNull()
    expect(screen.getByRole('columnheader', { name: 'Groups' })).toBeVisible()
  })

  it('batch actions need a selection', async () => {
    await renderPage()
    await screen.findByText('alpha')
    fireEvent.click(screen.getByTestId('channel-batch-mode'))
    fireEvent.click(await screen.findByTestId('channel-batch-delete'))
    expect(toast.error).toHaveBeenCalledWith('Select the channels to delete first!')
    fireEvent.click(screen.getByTestId('channel-batch-tag'))
    expect(toast.error).toHaveBeenCalledWith('Select the channels to tag first!')
  })

  it('saves an inline priority alone and refuses a bad one', async () => {
    await renderPage()
    await screen.findByText('alpha')
    const input = screen.getByTestId('channel-priority-1')
    fireEvent.change(input, { target: { value: '-1000' } })
    fireEvent.blur(input)
    expect(toast.error).toHaveBeenCalledWith('The priority cannot be below -999!')
    fireEvent.change(input, { target: { value: '12' } })
    await act(async () => fireEvent.blur(input))
    await waitFor(() => expect(channelsApi.update).toHaveBeenCalledWith({ id: 1, priority: 12 }, expect.anything()))
  })

  it('folds tagged channels into a tag row in tag mode', async () => {
    await renderPage()
    await screen.findByText('alpha')
    fireEvent.click(screen.getByTestId('channel-tag-mode'))
    await waitFor(() => expect(vi.mocked(channelsApi.list).mock.calls.at(-1)?.[0]).toMatchObject({ tag_mode: true }))
    // The tag row is drawn again once the answer settles (a new node): look it up each time.
    await waitFor(() => expect(screen.getByText('2 channels')).toBeVisible())
    expect(screen.queryByText('beta')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'team' }))
    expect(await screen.findByText('beta')).toBeVisible()
  })
})

describe('ChannelsPage for an admin', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
    vi.mocked(channelsApi.list).mockResolvedValue({ items, total: 3, page: 1, page_size: 10 })
    signedInAs(Role.admin)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is read-only without the root grant: tests, balances and upstream checks stay, changes go', async () => {
    serveStatus(false)
    await renderPage()
    await screen.findByText('alpha')
    const toolbar = screen.getByTestId('channels-toolbar')
    expect(within(toolbar).queryByTestId('channel-add')).toBeNull()
    expect(within(toolbar).queryByTestId('channel-delete-disabled')).toBeNull()
    expect(within(toolbar).queryByTestId('channel-fix')).toBeNull()
    expect(within(toolbar).getByTestId('channel-test-all').textContent).toBe('Test all')
    expect(within(toolbar).getByRole('button', { name: 'Refresh all balances' })).toBeVisible()
    expect(screen.queryByTestId('channel-batch-mode')).toBeNull()
    expect(screen.queryByTestId('channel-edit-1')).toBeNull()
    // Priority and weight are plain numbers, not inputs.
    expect(screen.getByTestId('channel-priority-1').tagName).toBe('SPAN')

    fireEvent.click(screen.getByTestId('channel-test-1'))
    await waitFor(() => expect(channelsApi.test).toHaveBeenCalledWith(1, undefined))

    openMenu(rowOf('alpha'))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent)
    ).toEqual(['Test with a model', 'Refresh balance', 'Detect upstream'])

    fireEvent.click(screen.getByTestId('channel-tag-mode'))
    expect(await screen.findByText('2 channels')).toBeVisible()
    expect(screen.queryByTestId('tag-edit-team')).toBeNull()
    expect(screen.getByTestId('tag-priority-team').tagName).toBe('SPAN')
  })

  it('offers every change once the root has granted channel writes to admins', async () => {
    serveStatus(true)
    await renderPage()
    await screen.findByText('alpha')
    expect(await screen.findByTestId('channel-add')).toBeVisible()
    expect(screen.getByTestId('channel-edit-1')).toBeVisible()
    expect(screen.getByTestId('channel-batch-mode')).toBeVisible()
    expect(screen.getByTestId('channel-priority-1').tagName).toBe('INPUT')
    openMenu(rowOf('alpha'))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent)
    ).toEqual(['Test with a model', 'Refresh balance', 'Disable', 'Copy', 'Detect upstream', 'Delete'])
  })

  it('marks a multi-key channel with its key count and opens its key manager (the root)', async () => {
    signedInAs(Role.root)
    const multi = channel({
      id: 4,
      name: 'pool',
      channel_info: {
        is_multi_key: true,
        multi_key_size: 5,
        multi_key_status_list: { '0': 3 },
        multi_key_polling_index: 0,
        multi_key_mode: 'random',
      },
    })
    vi.mocked(channelsApi.list).mockResolvedValue({ items: [...items, multi], total: 4, page: 1, page_size: 10 })
    await renderPage()
    expect((await screen.findByTestId('multi-key-badge-4')).textContent).toBe('4/5 keys')
    expect(screen.queryByTestId('multi-key-badge-1')).toBeNull()
    openMenu(rowOf('pool'))
    fireEvent.click(await screen.findByTestId('channel-keys-4'))
    expect(await screen.findByText('Keys of pool')).toBeVisible()
    await waitFor(() =>
      expect(channelsApi.keyStatus).toHaveBeenCalledWith({ channel_id: 4, page: 1, page_size: 10, status: undefined })
    )
  })
})
