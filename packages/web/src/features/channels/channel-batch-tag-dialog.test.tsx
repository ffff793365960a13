import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { createTestQueryClient, Providers } from '@/test-utils/render'
import { channelsApi } from './api'
import { BatchTagDialog } from './channel-batch-tag-dialog'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }))
vi.mock('./api', () => ({ channelsApi: { setTag: vi.fn() } }))

const api = vi.mocked(channelsApi)

function renderDialog(ids = [3, 5]) {
  const onOpenChange = vi.fn()
  const onDone = vi.fn()
  render(
    <Providers client={createTestQueryClient()}>
      <BatchTagDialog ids={ids} open onOpenChange={onOpenChange} onDone={onDone} />
    </Providers>,
  )
  return { onOpenChange, onDone }
}

const fill = (value: string) => fireEvent.change(screen.getByTestId('batch-tag-input'), { target: { value } })
const save = () => fireEvent.click(screen.getByTestId('batch-tag-save'))

describe('BatchTagDialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })

  it('renders the title and the number of selected channels', () => {
    renderDialog([1, 2, 3])
    expect(screen.getByText('Set a tag')).toBeTruthy()
    expect(screen.getByText('Tag the 3 selected channels.')).toBeTruthy()
    expect(screen.getByPlaceholderText('Tag name')).toBeTruthy()
  })

  it('refuses an empty or blank tag without calling the api', async () => {
    renderDialog()
    save()
    expect(await screen.findByText('The tag cannot be empty!')).toBeTruthy()
    expect(toast.error).toHaveBeenCalledWith('The tag cannot be empty!')
    expect(screen.getByTestId('batch-tag-input').getAttribute('aria-invalid')).toBe('true')
    fill('   ')
    save()
    expect(await screen.findByText('The tag cannot be empty!')).toBeTruthy()
    expect(api.setTag).not.toHaveBeenCalled()
  })

  it('shows the Chinese message 标签不能为空！ in zh', async () => {
    await i18n.changeLanguage('zh')
    renderDialog()
    save()
    expect(await screen.findByText('标签不能为空！')).toBeTruthy()
    expect(api.setTag).not.toHaveBeenCalled()
  })

  it('sends the selected ids and the trimmed tag, then closes', async () => {
    api.setTag.mockResolvedValue(2)
    const { onOpenChange, onDone } = renderDialog([3, 5])
    fill('  team  ')
    save()
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(api.setTag).toHaveBeenCalledTimes(1)
    expect(api.setTag).toHaveBeenCalledWith([3, 5], 'team')
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(toast.success).toHaveBeenCalledWith('Tag set on 2 channels.')
  })
})
