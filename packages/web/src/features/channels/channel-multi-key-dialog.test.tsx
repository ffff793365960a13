import type { Channel, ChannelInfoDoc, MultiKeyStatusPage } from '@gateway/shared'
import { renderFeaturePage } from '@test/render'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { channelsApi } from './api'
import { MultiKeyBadge } from './channel-multi-key-badge'
import { MultiKeyDialog } from './channel-multi-key-dialog'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }))
vi.mock('./api', () => ({ channelsApi: { keyStatus: vi.fn(), manageKeys: vi.fn() } }))

const api = vi.mocked(channelsApi)
const info: ChannelInfoDoc = {
  is_multi_key: true,
  multi_key_size: 3,
  multi_key_status_list: { '1': 2, '2': 3 },
  multi_key_polling_index: 0,
  multi_key_mode: 'polling',
}
const channel = { id: 9, name: 'pool', channel_info: info } as Channel

const page = (patch: Partial<MultiKeyStatusPage> = {}): MultiKeyStatusPage => ({
  keys: [
    { index: 0, status: 1, key_preview: 'sk-...0001' },
    { index: 1, status: 2, key_preview: 'sk-...0002', disabled_time: 1700000000 },
    { index: 2, status: 3, key_preview: 'sk-...0003', disabled_time: 1700000000, reason: 'Incorrect API key provided' },
  ],
  total: 3,
  page: 1,
  page_size: 10,
  total_pages: 1,
  enabled_count: 1,
  manual_disabled_count: 1,
  auto_disabled_count: 1,
  ...patch,
})

function renderDialog(target: Channel | null = channel) {
  renderFeaturePage(<MultiKeyDialog channel={target} onClose={vi.fn()} />)
}

describe('MultiKeyDialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })

  it('lists the masked keys with status, reason and counts', async () => {
    api.keyStatus.mockResolvedValue(page())
    renderDialog()
    expect(screen.getByText('Keys of pool')).toBeVisible()
    const row = within(await screen.findByTestId('key-row-2'))
    expect(row.getByText('sk-...0003')).toBeVisible()
    expect(row.getByText('Auto-disabled')).toBeVisible()
    expect(row.getByText('Incorrect API key provided')).toBeVisible()
    expect(within(screen.getByTestId('key-row-1')).getByText('Disabled by hand')).toBeVisible()
    expect(screen.getByTestId('multi-key-counts').textContent).toContain('Enabled 1')
    expect(api.keyStatus).toHaveBeenCalledWith({ channel_id: 9, page: 1, page_size: 10, status: undefined })
  })

  it('filters by status from the first page', async () => {
    api.keyStatus.mockResolvedValue(page())
    renderDialog()
    await screen.findByTestId('key-row-0')
    fireEvent.change(screen.getByTestId('multi-key-filter'), { target: { value: '3' } })
    await waitFor(() =>
      expect(api.keyStatus).toHaveBeenLastCalledWith({ channel_id: 9, page: 1, page_size: 10, status: 3 })
    )
  })

  it('enables and disables one key, toasts the answer and reloads', async () => {
    api.keyStatus.mockResolvedValue(page())
    api.manageKeys.mockResolvedValue('The key is enabled')
    renderDialog()
    fireEvent.click(await screen.findByTestId('key-enable-2'))
    await waitFor(() =>
      expect(api.manageKeys).toHaveBeenCalledWith({ channel_id: 9, action: 'enable_key', key_index: 2 })
    )
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The key is enabled'))
    await waitFor(() => expect(api.keyStatus.mock.calls.length).toBeGreaterThan(1))
    fireEvent.click(screen.getByTestId('key-disable-0'))
    await waitFor(() =>
      expect(api.manageKeys).toHaveBeenLastCalledWith({ channel_id: 9, action: 'disable_key', key_index: 0 })
    )
  })

  it('asks before deleting a key or the auto-disabled ones', async () => {
    api.keyStatus.mockResolvedValue(page())
    api.manageKeys.mockResolvedValue('done')
    renderDialog()
    fireEvent.click(await screen.findByTestId('key-delete-1'))
    expect(await screen.findByText('Delete key #2?')).toBeVisible()
    expect(api.manageKeys).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() =>
      expect(api.manageKeys).toHaveBeenCalledWith({ channel_id: 9, action: 'delete_key', key_index: 1 })
    )
    fireEvent.click(await screen.findByTestId('keys-delete-auto'))
    expect(await screen.findByText('Auto-disabled keys to remove from the channel: 1.')).toBeVisible()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() =>
      expect(api.manageKeys).toHaveBeenLastCalledWith({ channel_id: 9, action: 'delete_disabled_keys' })
    )
  })

  it('offers the bulk actions that apply only', async () => {
    api.keyStatus.mockResolvedValue(
      page({
        keys: [{ index: 0, status: 1, key_preview: '***' }],
        enabled_count: 1,
        manual_disabled_count: 0,
        auto_disabled_count: 0,
      })
    )
    renderDialog()
    await screen.findByTestId('key-row-0')
    expect(screen.queryByTestId('keys-enable-all')).toBeNull()
    expect(screen.queryByTestId('keys-delete-auto')).toBeNull()
    expect(screen.getByTestId('keys-disable-all')).toBeVisible()
  })

  it('does not call the api without a channel', () => {
    renderDialog(null)
    expect(screen.queryByTestId('multi-key-dialog')).toBeNull()
    expect(api.keyStatus).not.toHaveBeenCalled()
  })
})

describe('MultiKeyBadge', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh')
  })

  it('shows enabled over all keys, and nothing on a single-key channel', () => {
    const onManage = vi.fn()
    render(<MultiKeyBadge channel={channel} onManage={onManage} />)
    expect(screen.getByTestId('multi-key-badge-9').textContent).toBe('1/3 密钥')
    fireEvent.click(screen.getByRole('button', { name: /多密钥渠道（轮询）/ }))
    expect(onManage).toHaveBeenCalled()
    const { container } = render(<MultiKeyBadge channel={{ id: 1, channel_info: { ...info, is_multi_key: false } }} />)
    expect(container.textContent).toBe('')
  })
})
