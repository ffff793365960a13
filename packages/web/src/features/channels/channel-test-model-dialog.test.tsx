import type { Channel } from '@gateway/shared'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { channelsApi } from './api'
import { TestModelDialog } from './channel-test-model-dialog'
import { useChannelActions } from './use-channel-actions'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }))
vi.mock('./api', () => ({ channelsApi: { test: vi.fn() } }))

const api = vi.mocked(channelsApi)

const channel = {
  id: 9,
  name: 'mock',
  models: 'gpt-4o,gpt-4o-mini,claude-3,gpt-4o',
  test_model: 'gpt-4o-mini',
} as Channel

/** Wires the dialog the way the channels page does: a pick closes it and runs the test call. */
function Harness({ initial }: { initial: Channel | null }) {
  const [testing, setTesting] = useState<Channel | null>(initial)
  const actions = useChannelActions()
  return (
    <TestModelDialog
      channel={testing}
      onClose={() => setTesting(null)}
      onPick={(picked, model) => {
        setTesting(null)
        actions.test.mutate({ channel: picked, model })
      }}
    />
  )
}

function renderDialog(initial: Channel | null = channel) {
  renderFeaturePage(<Harness initial={initial} />)
}

describe('TestModelDialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })

  it("lists the channel's models once each and marks the default", () => {
    renderDialog()
    const dialog = screen.getByTestId('test-model-dialog')
    expect(within(dialog).getByText('Pick a test model')).toBeVisible()
    expect(within(dialog).getByText('Test "mock" with the chosen model.')).toBeVisible()
    const names = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => text && !text.includes('Close'))
    expect(names).toEqual(['gpt-4o', 'gpt-4o-minidefault', 'claude-3'])
  })

  it('filters by the search and says when nothing matches', () => {
    renderDialog()
    const search = screen.getByPlaceholderText('Search models')
    fireEvent.change(search, { target: { value: 'CLAUDE' } })
    expect(screen.getByRole('button', { name: 'claude-3' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'gpt-4o' })).toBeNull()
    fireEvent.change(search, { target: { value: 'nope' } })
    expect(screen.getByText('No matching model')).toBeVisible()
  })

  it('renders nothing without a channel', () => {
    renderDialog(null)
    expect(screen.queryByTestId('test-model-dialog')).toBeNull()
  })

  it('sends the chosen model to the test call and shows the time', async () => {
    api.test.mockResolvedValue({ success: true, time: 1.234, message: '' })
    renderDialog()
    fireEvent.click(screen.getByRole('button', { name: 'claude-3' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Channel "mock" works: 1.23 s.'))
    expect(api.test).toHaveBeenCalledTimes(1)
    expect(api.test).toHaveBeenCalledWith(9, 'claude-3')
    await waitFor(() => expect(screen.queryByTestId('test-model-dialog')).toBeNull())
  })
})
