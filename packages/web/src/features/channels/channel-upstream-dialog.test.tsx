import type { Channel } from '@gateway/shared'
import { renderFeaturePage } from '@test/render'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { channelsApi } from './api'
import { UpstreamDialog } from './channel-upstream-dialog'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }))
vi.mock('./api', () => ({ channelsApi: { detectUpstream: vi.fn() } }))

const api = vi.mocked(channelsApi)
const channel = { id: 4, name: 'upstream-a' } as Channel

function renderDialog(target: Channel | null = channel) {
  const onClose = vi.fn()
  renderFeaturePage(<UpstreamDialog channel={target} onClose={onClose} />)
  return { onClose }
}

/** The badges listed under a section heading. */
const section = (heading: string) => {
  const block = screen.getByRole('heading', { name: heading }).parentElement as HTMLElement
  return within(block)
}

describe('UpstreamDialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })

  it('asks for the channel and renders the models to add and to remove', async () => {
    api.detectUpstream.mockResolvedValue({
      upstream_models: ['gpt-5', 'o3'],
      to_add: ['gpt-5', 'o3'],
      to_remove: ['gpt-3.5-turbo'],
      groups: [{ group: 'vip', first_seen: 0, last_seen: 0, client_types: ['cli', 'web'] }],
    })
    renderDialog()
    expect(screen.getByText('Upstream detection: upstream-a')).toBeVisible()
    expect(await screen.findByText('gpt-5')).toBeVisible()
    expect(api.detectUpstream).toHaveBeenCalledWith(4)
    expect(section('Models to add').getByText('gpt-5')).toBeVisible()
    expect(section('Models to add').getByText('o3')).toBeVisible()
    expect(section('Models to remove').getByText('gpt-3.5-turbo')).toBeVisible()
    expect(section('Models to remove').queryByText('gpt-5')).toBeNull()
    expect(screen.getByText('Detected groups')).toBeVisible()
    expect(screen.getByText('vip')).toBeVisible()
    expect(screen.getByText('cli, web')).toBeVisible()
  })

  it("fills the first-seen and last-seen columns from the server's Unix seconds, and — for a group never used", async () => {
    const first = 1_700_000_000
    const last = 1_700_086_400
    api.detectUpstream.mockResolvedValue({
      upstream_models: [],
      to_add: [],
      to_remove: [],
      groups: [
        { group: 'default', first_seen: 0, last_seen: 0, client_types: [] },
        { group: 'vip', first_seen: first, last_seen: last, client_types: ['openai'] },
      ],
    })
    renderDialog()
    const vip = within(await screen.findByTestId('upstream-group-vip'))
    expect(vip.getByTestId('first-seen').textContent).toBe(
      new Date(first * 1000).toLocaleString('en', { hour12: false })
    )
    expect(vip.getByTestId('last-seen').textContent).toBe(new Date(last * 1000).toLocaleString('en', { hour12: false }))
    const unused = within(screen.getByTestId('upstream-group-default'))
    expect(unused.getByTestId('first-seen').textContent).toBe('—')
    expect(unused.getByTestId('last-seen').textContent).toBe('—')
    expect(screen.getByRole('columnheader', { name: 'First seen' })).toBeVisible()
  })

  it('says None for empty lists and hides the groups table', async () => {
    api.detectUpstream.mockResolvedValue({ upstream_models: [], to_add: [], to_remove: [], groups: [] })
    renderDialog()
    expect(await screen.findByText('Models to add')).toBeVisible()
    expect(section('Models to add').getByText('None')).toBeVisible()
    expect(section('Models to remove').getByText('None')).toBeVisible()
    expect(screen.queryByText('Detected groups')).toBeNull()
  })

  it('shows the error message when the detection fails', async () => {
    api.detectUpstream.mockRejectedValue(new Error('upstream unreachable'))
    renderDialog()
    expect((await screen.findByRole('alert')).textContent).toBe('upstream unreachable')
    expect(screen.queryByText('Models to add')).toBeNull()
  })

  it('does not call the api without a channel', () => {
    renderDialog(null)
    expect(screen.queryByTestId('upstream-dialog')).toBeNull()
    expect(api.detectUpstream).not.toHaveBeenCalled()
  })
})
