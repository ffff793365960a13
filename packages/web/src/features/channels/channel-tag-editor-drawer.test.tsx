import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { channelsApi } from './api'
import { TagEditorDrawer } from './channel-tag-editor-drawer'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }))
vi.mock('./api', () => ({
  channelsApi: {
    editTag: vi.fn(async () => 2),
    allModels: vi.fn(async () => [{ id: 'gpt-4o' }]),
    groups: vi.fn(async () => ['default']),
  },
}))

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } })
const save = () => fireEvent.click(screen.getByTestId('tag-editor-save'))

function renderDrawer() {
  const onClose = vi.fn()
  renderFeaturePage(<TagEditorDrawer tag="team" onClose={onClose} />)
  return { onClose }
}

describe('TagEditorDrawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })

  it('refuses an unchanged form and bad numbers with the spec messages', async () => {
    renderDrawer()
    expect((screen.getByTestId('tag-new-tag') as HTMLInputElement).value).toBe('team')
    save()
    expect(await screen.findByText('Nothing changed!')).toBeVisible()
    fill('tag-priority', '1.5')
    save()
    expect(await screen.findByText('The priority must be an integer!')).toBeVisible()
    fill('tag-priority', '')
    fill('tag-weight', '-2')
    save()
    expect(await screen.findByText('The weight must be a non-negative integer!')).toBeVisible()
    expect(channelsApi.editTag).not.toHaveBeenCalled()
  })

  it('sends only what changed, and an emptied tag dissolves it', async () => {
    const { onClose } = renderDrawer()
    fill('tag-new-tag', '')
    fill('tag-weight', '4')
    save()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(vi.mocked(channelsApi.editTag).mock.calls[0]?.[0]).toEqual({ tag: 'team', new_tag: '', weight: 4 })
    expect(toast.success).toHaveBeenCalledWith('Tag updated!')
  })
})
