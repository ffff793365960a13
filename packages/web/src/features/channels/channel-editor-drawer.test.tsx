import { Role, type Channel } from '@gateway/shared'
import { renderFeaturePage } from '@test/render'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { clearStoredUser, setStoredUser } from '@/lib/session'
import { channelsApi } from './api'
import { ChannelEditorDrawer } from './channel-editor-drawer'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }))

vi.mock('./api', () => ({
  channelsApi: {
    get: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    fetchModels: vi.fn(),
    fetchModelsById: vi.fn(),
    allModels: vi.fn(async () => [{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }]),
    modelsByType: vi.fn(async () => ({ '1': ['gpt-4o', 'gpt-4o-mini'] })),
    groups: vi.fn(async () => ['default', 'vip']),
  },
}))

const api = vi.mocked(channelsApi)

const stored: Channel = {
  id: 7,
  type: 1,
  key: '',
  openai_organization: null,
  test_model: 'gpt-4o-mini',
  status: 1,
  name: 'main',
  weight: 3,
  created_time: 0,
  test_time: 0,
  response_time: 0,
  base_url: 'http://127.0.0.1:4010',
  other: '',
  balance: 0,
  balance_updated_time: 0,
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default,vip',
  used_quota: 0,
  model_mapping: '',
  status_code_mapping: '',
  priority: 5,
  auto_ban: 0,
  other_info: '',
  tag: 'team',
  setting: '',
  settings: '',
  param_override: '',
  header_override: '',
  remark: 'note',
  max_input_tokens: 0,
  private_network: 0,
  channel_info: {
    is_multi_key: false,
    multi_key_size: 0,
    multi_key_status_list: null,
    multi_key_polling_index: 0,
    multi_key_mode: '',
  },
}

function renderDrawer(props: Partial<Parameters<typeof ChannelEditorDrawer>[0]> = {}) {
  const onClose = vi.fn()
  renderFeaturePage(<ChannelEditorDrawer mode="create" onClose={onClose} {...props} />)
  return { onClose }
}

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } })
const save = () => fireEvent.click(screen.getByTestId('channel-editor-save'))

describe('ChannelEditorDrawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })

  it('create mode: asks for name and key, then a model, then valid JSON', async () => {
    renderDrawer()
    expect(screen.getByText('Add channel')).toBeVisible()
    save()
    expect(await screen.findByText('Fill in the channel name and key!')).toBeVisible()
    fill('channel-name', 'mock')
    fill('channel-key', 'sk-1\nsk-2')
    save()
    expect(await screen.findByText('The key has several lines: choose batch, or all keys in one channel')).toBeVisible()
    fill('channel-add-mode', 'batch')
    expect(screen.getByText(/one channel is created for each line/)).toBeVisible()
    expect(screen.getByText(/2 channels will be created/)).toBeVisible()
    save()
    expect(await screen.findByText('Select at least one model!')).toBeVisible()
    fill('channel-custom-models', 'gpt-4o-mini')
    fireEvent.click(screen.getByTestId('channel-add-custom'))
    fill('channel-model-mapping', '{oops')
    fireEvent.blur(screen.getByTestId('channel-model-mapping'))
    expect(await screen.findByText('The model mapping must be valid JSON!')).toBeVisible()
    save()
    expect(api.create).not.toHaveBeenCalled()
    expect(toast.error).toHaveBeenLastCalledWith('The model mapping must be valid JSON!')
  })

  it('says which types cannot relay yet, and why', () => {
    renderDrawer()
    expect(screen.queryByTestId('channel-type-unsupported')).toBeNull()
    expect(screen.getByRole('option', { name: 'Google PaLM2 (not supported yet)' })).toBeVisible()
    fill('channel-type', '11')
    expect(screen.getByTestId('channel-type-unsupported').textContent).toContain('retired')
    fill('channel-type', '14')
    expect(screen.queryByTestId('channel-type-unsupported')).toBeNull()
  })

  it('create mode: sends the channel with defaults and closes', async () => {
    api.create.mockResolvedValue([])
    const { onClose } = renderDrawer()
    fill('channel-name', 'mock')
    fill('channel-key', 'sk-1')
    fill('channel-base-url', 'http://127.0.0.1:4010/')
    fill('channel-custom-models', 'gpt-4o-mini')
    fireEvent.click(screen.getByTestId('channel-add-custom'))
    save()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(toast.success).toHaveBeenCalledWith('Channel created!')
    expect(api.create.mock.calls[0]?.[0]).toMatchObject({
      mode: 'single',
      channel: {
        name: 'mock',
        key: 'sk-1',
        type: 1,
        base_url: 'http://127.0.0.1:4010',
        models: 'gpt-4o-mini',
        group: 'default',
        auto_ban: 1,
        priority: 0,
        weight: 0,
      },
    })
    expect(api.create.mock.calls[0]?.[0]).not.toHaveProperty('multi_key_mode')
  })

  it('create mode: puts every key line into one channel with the chosen pick mode', async () => {
    api.create.mockResolvedValue([])
    const { onClose } = renderDrawer()
    fill('channel-name', 'pool')
    fill('channel-add-mode', 'multi_to_single')
    expect(screen.getByText(/all of them go into this one channel/)).toBeVisible()
    fill('channel-key', 'sk-1\nsk-2\nsk-3')
    expect(screen.getByText('3 keys in one channel')).toBeVisible()
    expect(screen.getByText(/at random/)).toBeVisible()
    fill('channel-multi-key-mode', 'polling')
    expect(screen.getByText(/take the enabled keys in turn/)).toBeVisible()
    fill('channel-custom-models', 'gpt-4o-mini')
    fireEvent.click(screen.getByTestId('channel-add-custom'))
    save()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(api.create.mock.calls[0]?.[0]).toMatchObject({
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
      channel: { name: 'pool', key: 'sk-1\nsk-2\nsk-3' },
    })
  })

  it('create mode: batch may name each channel after its key', async () => {
    api.create.mockResolvedValue([])
    renderDrawer()
    expect(screen.queryByTestId('channel-batch-prefix')).toBeNull()
    fill('channel-name', 'many')
    fill('channel-add-mode', 'batch')
    fireEvent.click(screen.getByTestId('channel-batch-prefix'))
    fill('channel-key', 'sk-1\nsk-2')
    fill('channel-custom-models', 'gpt-4o-mini')
    fireEvent.click(screen.getByTestId('channel-add-custom'))
    save()
    await waitFor(() => expect(api.create).toHaveBeenCalled())
    expect(api.create.mock.calls[0]?.[0]).toMatchObject({ mode: 'batch', batch_add_set_key_prefix_2_name: true })
  })

  it('edit mode of a multi-key channel: appends or replaces keys and changes the pick mode', async () => {
    api.get.mockResolvedValue({
      ...stored,
      channel_info: {
        is_multi_key: true,
        multi_key_size: 4,
        multi_key_status_list: {},
        multi_key_polling_index: 0,
        multi_key_mode: 'random',
      },
    })
    api.update.mockResolvedValue(stored)
    renderDrawer({ mode: 'edit', channelId: 7 })
    expect(await screen.findByText('This channel holds 4 keys; leave empty to keep them.')).toBeVisible()
    expect(screen.queryByTestId('channel-add-mode')).toBeNull()
    fill('channel-multi-key-mode', 'polling')
    save()
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1))
    expect(api.update.mock.calls[0]?.[0]).toMatchObject({ id: 7, multi_key_mode: 'polling' })
    expect(api.update.mock.calls[0]?.[0]).not.toHaveProperty('key')
    expect(api.update.mock.calls[0]?.[0]).not.toHaveProperty('key_mode')
    fill('channel-key', 'sk-new')
    fill('channel-key-mode', 'replace')
    save()
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(2))
    expect(api.update.mock.calls[1]?.[0]).toMatchObject({
      id: 7,
      key: 'sk-new',
      key_mode: 'replace',
      multi_key_mode: 'polling',
    })
  })

  it('edit mode of a single-key channel: no key modes', async () => {
    api.get.mockResolvedValue(stored)
    renderDrawer({ mode: 'edit', channelId: 7 })
    await screen.findByDisplayValue('main')
    expect(screen.queryByTestId('channel-key-mode')).toBeNull()
    expect(screen.queryByTestId('channel-multi-key-mode')).toBeNull()
  })

  it('refuses custom models that are already chosen', async () => {
    renderDrawer()
    fill('channel-custom-models', 'a,b')
    fireEvent.click(screen.getByTestId('channel-add-custom'))
    fill('channel-custom-models', 'b')
    fireEvent.click(screen.getByTestId('channel-add-custom'))
    expect(toast.error).toHaveBeenCalledWith('Some models already exist!')
    expect(screen.getAllByRole('button', { name: /Remove b/ })).toHaveLength(1)
  })

  it('asks for a key before fetching models in create mode', async () => {
    renderDrawer()
    fireEvent.click(screen.getByTestId('channel-fetch-models'))
    expect(toast.error).toHaveBeenCalledWith('Fill in the key')
    expect(api.fetchModels).not.toHaveBeenCalled()
  })

  it('edit mode: prefills from the stored channel and sends the id without a key', async () => {
    api.get.mockResolvedValue(stored)
    api.update.mockResolvedValue(stored)
    const { onClose } = renderDrawer({ mode: 'edit', channelId: 7 })
    expect(await screen.findByDisplayValue('main')).toBeVisible()
    expect(screen.getByText('Edit channel')).toBeVisible()
    expect((screen.getByTestId('channel-base-url') as HTMLInputElement).value).toBe('http://127.0.0.1:4010')
    expect((screen.getByTestId('channel-key') as HTMLTextAreaElement).value).toBe('')
    expect((screen.getByTestId('channel-priority') as HTMLInputElement).value).toBe('5')
    expect((screen.getByTestId('channel-tag') as HTMLInputElement).value).toBe('team')
    expect(screen.getByRole('button', { name: 'Remove vip' })).toBeVisible()
    expect(screen.getByTestId('channel-auto-ban').getAttribute('aria-checked')).toBe('false')
    fill('channel-priority', '-1000')
    save()
    expect(await screen.findByText('The priority cannot be below -999!')).toBeVisible()
    fill('channel-priority', '9')
    save()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(toast.success).toHaveBeenCalledWith('Channel updated!')
    const sent = api.update.mock.calls[0]?.[0]
    expect(sent).toMatchObject({
      id: 7,
      name: 'main',
      priority: 9,
      weight: 3,
      group: 'default,vip',
      auto_ban: 0,
      tag: 'team',
    })
    expect(sent && 'key' in sent).toBe(false)
  })

  it('shows the private-network switch to the root only, and sends what the root chose', async () => {
    api.get.mockResolvedValue({ ...stored, private_network: 1 })
    api.update.mockResolvedValue(stored)
    setStoredUser({ id: 2, username: 'admin', display_name: '', role: Role.admin, status: 1, group: 'default' })
    const admin = renderDrawer({ mode: 'edit', channelId: 7 })
    expect(await screen.findByDisplayValue('main')).toBeVisible()
    expect(screen.queryByTestId('channel-private-network')).toBeNull()
    cleanup()
    expect(admin.onClose).not.toHaveBeenCalled()

    setStoredUser({ id: 1, username: 'root', display_name: '', role: Role.root, status: 1, group: 'default' })
    const { onClose } = renderDrawer({ mode: 'edit', channelId: 7 })
    expect(await screen.findByDisplayValue('main')).toBeVisible()
    const toggle = screen.getByTestId('channel-private-network')
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(toggle)
    save()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(api.update.mock.calls[0]?.[0]).toMatchObject({ id: 7, private_network: 0 })
    clearStoredUser()
  })

  it('edits the channel options as controls over setting and settings, keeping keys it does not show', async () => {
    api.get.mockResolvedValue({ ...stored, setting: '{"system_prompt":"Be brief.","force_format":true}', settings: '' })
    api.update.mockResolvedValue(stored)
    const { onClose } = renderDrawer({ mode: 'edit', channelId: 7 })
    expect(await screen.findByDisplayValue('main')).toBeVisible()
    const options = screen.getByTestId('editor-options')
    expect((within(options).getByTestId('channel-system-prompt') as HTMLTextAreaElement).value).toBe('Be brief.')
    // Claude-only options are not offered for an OpenAI channel.
    expect(within(options).queryByTestId('channel-option-allow-speed')).toBeNull()
    fill('channel-system-prompt', 'Answer in French.')
    fireEvent.click(screen.getByTestId('channel-option-pass-through-body-enabled'))
    fireEvent.click(screen.getByTestId('channel-option-allow-service-tier'))
    // The text fields follow the controls.
    expect(JSON.parse((screen.getByTestId('channel-settings') as HTMLTextAreaElement).value)).toEqual({
      allow_service_tier: true,
    })
    save()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const sent = api.update.mock.calls[0]?.[0]
    expect(JSON.parse(String(sent?.setting))).toEqual({
      system_prompt: 'Answer in French.',
      force_format: true,
      pass_through_body_enabled: true,
    })
    expect(JSON.parse(String(sent?.settings))).toEqual({ allow_service_tier: true })
  })

  it('disables the option controls while their JSON text is broken, and names the field in Chinese', async () => {
    await i18n.changeLanguage('zh')
    renderDrawer()
    fill('channel-type', '14')
    expect(screen.getByTestId('channel-option-claude-beta-query')).toBeVisible()
    expect(screen.getByText('追加 ?beta=true')).toBeVisible()
    fill('channel-setting', '{oops')
    expect(screen.getByTestId('channel-option-thinking-to-content').hasAttribute('disabled')).toBe(true)
    expect((screen.getByTestId('channel-system-prompt') as HTMLTextAreaElement).disabled).toBe(true)
    expect(screen.getByText('渠道额外设置不是合法的 JSON 对象，请先在高级设置中修正。')).toBeVisible()
    // The other field's controls still work.
    fireEvent.click(screen.getByTestId('channel-option-disable-store'))
    expect((screen.getByTestId('channel-settings') as HTMLTextAreaElement).value).toBe('{"disable_store":true}')
    fill('channel-settings', '[1]')
    fireEvent.blur(screen.getByTestId('channel-settings'))
    expect(await screen.findByText('渠道其他设置必须是合法的 JSON 格式！')).toBeVisible()
  })

  it('refuses a second submission while the first is in flight', async () => {
    let finish: (value: Channel[]) => void = () => {}
    api.create.mockReturnValue(new Promise((resolve) => (finish = resolve)))
    renderDrawer()
    fill('channel-name', 'mock')
    fill('channel-key', 'sk-1')
    fill('channel-custom-models', 'm')
    fireEvent.click(screen.getByTestId('channel-add-custom'))
    const form = screen.getByTestId('channel-editor-form')
    fireEvent.submit(form)
    fireEvent.submit(form)
    expect(toast.error).toHaveBeenCalledWith('Submission refused: do not submit twice!')
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1))
    finish([])
  })

  it('copy mode: prefills from another channel with an empty key', async () => {
    api.get.mockResolvedValue(stored)
    renderDrawer({ mode: 'create', copyFrom: 7 })
    expect(await screen.findByDisplayValue('main')).toBeVisible()
    expect(screen.getByText('Copy channel')).toBeVisible()
    expect((screen.getByTestId('channel-key') as HTMLTextAreaElement).value).toBe('')
  })
})
