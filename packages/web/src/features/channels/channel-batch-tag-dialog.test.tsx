import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { channelsApi } from './api'
import { BatchTagDialog } from './channel-batch-tag-dialog'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }))
vi.mock('./api', () => ({ channelsApi: { setTag: vi.fn() } }))

const api = vi.mocked(channelsApi)

function renderDialog(ids = [3, 5]) {
  const onOpenChange = vi.fn()
  const onDone = vi.fn()
  renderFeaturePage(<BatchTagDialog ids={ids} open onOpenChange={onOpenChange} onDone={onDone} />)
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
    expect(screen.getByText('Set a tag')).toBeVisible()
    expect(screen.getByText('Tag the 3 selected channels.')).toBeVisible()
    expect(screen.getByPlaceholderText('Tag name')).toBeVisible()
  })

  it('refuses an empty or blank tag without calling the api', async () => {
    renderDialog()
    save()
    expect(await screen.findByText('The tag cannot be empty!')).toBeVisible()
    expect(toast.error).toHaveBeenCalledWith('The tag cannot be empty!')
    expect(screen.getByTestId('batch-tag-input').getAttribute('aria-invalid')).toBe('true')
    fill('   ')
    save()
    expect(await screen.findByText('The tag cannot be empty!')).toBeVisible()
    expect(api.setTag).not.toHaveBeenCalled()
  })

  it('shows the Chinese message 标签不能为空！ in zh', async () => {
    await i18n.changeLanguage('zh')
    renderDialog()
    save()
    expect(await screen.findByText('标签不能为空！')).toBeVisible()
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
