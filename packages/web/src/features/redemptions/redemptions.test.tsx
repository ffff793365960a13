import type { Redemption } from '@gateway/shared'
import { method, ok, page, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { RedemptionEditorDrawer, type RedemptionEditorTarget } from './redemption-editor-drawer'
import { RedemptionsPage } from './redemptions-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string
const t = (key: string, options?: Record<string, unknown>) => translate(`redemptions:${key}`, options)

const code = (overrides: Partial<Redemption>): Redemption => ({
  id: 1,
  user_id: 1,
  key: '0123456789abcdef0123456789abcdef',
  status: 1,
  name: 'promo',
  quota: 100_000,
  created_time: 1_700_000_000,
  redeemed_time: 0,
  used_user_id: 0,
  expired_time: 0,
  count: 0,
  ...overrides,
})
const codes = [
  code({ id: 1, name: 'unused' }),
  code({ id: 2, name: 'off', status: 2 }),
  code({ id: 3, name: 'spent', status: 3, redeemed_time: 1_700_000_500, used_user_id: 9 }),
]

function serve(extra?: Parameters<typeof serveApi>[0]) {
  return serveApi((url, init, body) => {
    const answer = extra?.(url, init, body)
    if (answer) return answer
    if (url.startsWith('/api/redemption/?') || url.startsWith('/api/redemption/search')) return page(codes)
    if (url === '/api/redemption/batch') return ok(2)
    return undefined
  })
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

function openDrawer(target: RedemptionEditorTarget) {
  const onClose = vi.fn()
  const onCreated = vi.fn()
  renderFeaturePage(<RedemptionEditorDrawer target={target} onClose={onClose} onCreated={onCreated} />)
  return { onClose, onCreated }
}

async function openRowMenu(name: string) {
  const row = (await screen.findByText(name)).closest('tr')!
  await act(async () => {
    fireEvent.pointerDown(within(row).getByTestId('row-actions-trigger'), { button: 0, pointerType: 'mouse' })
  })
  return screen.findByRole('menu')
}

describe('RedemptionEditorDrawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })

  it('creates codes with the defaults (quota 100000, count 1) and a blank name', async () => {
    const calls = serve((url, init) => (url === '/api/redemption/' && method(init) === 'POST' ? ok(['k1']) : undefined))
    const { onCreated } = openDrawer({ mode: 'create' })
    expect(screen.getByRole('heading', { name: t('editor.createTitle') })).toBeVisible()
    expect((screen.getByLabelText(t('editor.quota')) as HTMLInputElement).value).toBe('100000')
    expect((screen.getByLabelText(t('editor.count')) as HTMLInputElement).value).toBe('1')
    fireEvent.click(screen.getByTestId('redemption-editor-submit'))
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(['k1'], ''))
    const post = calls.find((call) => method(call.init) === 'POST')!
    expect(JSON.parse(String(post.init.body))).toEqual({ name: '', quota: 100_000, count: 1, expired_time: 0 })
  })

  it('shows each validation message inline', async () => {
    const calls = serve()
    openDrawer({ mode: 'create' })
    change(t('editor.name'), 'n'.repeat(21))
    change(t('editor.quota'), '0')
    change(t('editor.count'), '101')
    fireEvent.click(screen.getByTestId('redemption-editor-submit'))
    expect(await screen.findByText(t('validation.nameLength'))).toBeVisible()
    expect(screen.getByText(translate('common:validation.quotaPositive'))).toBeVisible()
    expect(screen.getByText(translate('common:validation.countRange'))).toBeVisible()
    change(t('editor.quota'), '')
    expect(screen.getByText(translate('common:validation.quotaRequired'))).toBeVisible()
    change(t('editor.count'), '0')
    expect(screen.getByText(translate('common:validation.countRange'))).toBeVisible()
    expect(calls.filter((call) => method(call.init) === 'POST')).toHaveLength(0)
  })

  it('sends the expiry as unix seconds of local time, and refuses a malformed or past one', async () => {
    const calls = serve((url, init) => (url === '/api/redemption/' && method(init) === 'POST' ? ok(['k1']) : undefined))
    const { onCreated } = openDrawer({ mode: 'create' })
    change(t('editor.expiredTime'), '2020-13-01')
    fireEvent.click(screen.getByTestId('redemption-editor-submit'))
    expect(await screen.findByText(t('validation.expiryFormat'))).toBeVisible()
    change(t('editor.expiredTime'), '2020-01-01 00:00:00')
    expect(screen.getByText(t('validation.expiryPast'))).toBeVisible()
    expect(calls.filter((call) => method(call.init) === 'POST')).toHaveLength(0)
    change(t('editor.expiredTime'), '2099-06-01 12:30:00')
    fireEvent.click(screen.getByTestId('redemption-editor-submit'))
    await waitFor(() => expect(onCreated).toHaveBeenCalled())
    const post = calls.find((call) => method(call.init) === 'POST')!
    expect(JSON.parse(String(post.init.body)).expired_time).toBe(new Date(2099, 5, 1, 12, 30, 0).getTime() / 1000)
  })

  it('edits an unused code prefilled from GET /api/redemption/:id', async () => {
    const calls = serve((url, init) => {
      if (url === '/api/redemption/4') return ok(code({ id: 4, name: 'spring', quota: 250 }))
      if (method(init) === 'PUT') return ok(code({ id: 4 }))
      return undefined
    })
    const { onClose } = openDrawer({ mode: 'edit', id: 4 })
    expect(screen.getByRole('heading', { name: t('editor.editTitle') })).toBeVisible()
    expect(((await screen.findByLabelText(t('editor.name'))) as HTMLInputElement).value).toBe('spring')
    expect((screen.getByLabelText(t('editor.quota')) as HTMLInputElement).value).toBe('250')
    expect(screen.queryByLabelText(t('editor.count'))).toBeNull()
    change(t('editor.quota'), '300')
    fireEvent.click(screen.getByTestId('redemption-editor-submit'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const put = calls.find((call) => method(call.init) === 'PUT')!
    expect(JSON.parse(String(put.init.body))).toEqual({ id: 4, name: 'spring', quota: 300, expired_time: 0 })
    expect(toast.success).toHaveBeenCalledWith(t('toast.updated'))
  })
})

describe('RedemptionsPage', () => {
  const clipboard = { writeText: vi.fn() }
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true })
  })

  const renderPage = (search = {}) => {
    const onSearchChange = vi.fn()
    renderFeaturePage(<RedemptionsPage search={search} onSearchChange={onSearchChange} />)
    return onSearchChange
  }

  it('lists codes with masked keys and status badges, searching by id or name', async () => {
    const calls = serve()
    const onSearchChange = renderPage({ keyword: '3' })
    expect(await screen.findByText('unused')).toBeVisible()
    expect(calls.some((call) => call.url === '/api/redemption/search?keyword=3&p=1&page_size=10')).toBe(true)
    expect(screen.getAllByTestId('redemption-key')[0]!.textContent).toBe('0123••••cdef')
    expect(screen.getAllByTestId('redemption-status').map((badge) => badge.textContent)).toEqual([
      t('status.unused'),
      t('status.disabled'),
      t('status.used'),
    ])
    expect(screen.getByText('#9')).toBeVisible()
    fireEvent.change(screen.getByTestId('redemptions-search'), { target: { value: 'promo' } })
    fireEvent.submit(screen.getByRole('search'))
    expect(onSearchChange).toHaveBeenCalledWith({ keyword: 'promo', p: undefined })
  })

  it('shows each code\'s expiry, "Never" for 0 and for a code without the field (never NaN)', async () => {
    const expiring = new Date(2099, 0, 2, 3, 4, 5).getTime() / 1000
    const { expired_time: _absent, ...legacy } = code({ id: 8, name: 'legacy' })
    serveApi((url) =>
      url.startsWith('/api/redemption/?')
        ? page([code({ id: 7, name: 'dated', expired_time: expiring }), legacy as Redemption])
        : undefined
    )
    renderPage()
    const dated = (await screen.findByText('dated')).closest('tr')!
    expect(within(dated).getByText(new Date(expiring * 1000).toLocaleString('en', { hour12: false }))).toBeVisible()
    const old = screen.getByText('legacy').closest('tr')!
    expect(within(old).getByText(t('never'))).toBeVisible()
    expect(document.body.textContent).not.toContain('NaN')
  })

  it('offers enable/disable and edit only where the status allows', async () => {
    serve()
    renderPage()
    let menu = await openRowMenu('unused')
    expect(within(menu).getByText(t('actions.disable'))).toBeVisible()
    expect(within(menu).getByText(t('actions.edit'))).toBeVisible()
    await act(async () => fireEvent.keyDown(menu, { key: 'Escape' }))
    menu = await openRowMenu('off')
    expect(within(menu).getByText(t('actions.enable'))).toBeVisible()
    expect(within(menu).queryByText(t('actions.edit'))).toBeNull()
    await act(async () => fireEvent.keyDown(menu, { key: 'Escape' }))
    menu = await openRowMenu('spent')
    expect(within(menu).queryByText(t('actions.enable'))).toBeNull()
    expect(within(menu).queryByText(t('actions.disable'))).toBeNull()
    expect(within(menu).queryByText(t('actions.edit'))).toBeNull()
    expect(within(menu).getByText(t('actions.delete'))).toBeVisible()
  })

  it('disables a code and deletes one after confirmation', async () => {
    const calls = serve()
    renderPage()
    fireEvent.click(within(await openRowMenu('unused')).getByText(t('actions.disable')))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.disabled')))
    const put = calls.find((call) => method(call.init) === 'PUT')!
    expect(put.url).toBe('/api/redemption/?status_only=true')
    expect(JSON.parse(String(put.init.body))).toEqual({ id: 1, status: 2 })
    fireEvent.click(within(await openRowMenu('spent')).getByText(t('actions.delete')))
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-confirm'))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.deleted')))
    expect(calls.some((call) => call.url === '/api/redemption/3' && method(call.init) === 'DELETE')).toBe(true)
  })

  it('batch deletes the selection, and asks for one first', async () => {
    const calls = serve()
    renderPage()
    await screen.findByText('unused')
    fireEvent.click(screen.getByTestId('redemptions-batch-mode'))
    fireEvent.click(screen.getByTestId('redemptions-delete-selected'))
    expect(toast.error).toHaveBeenCalledWith(t('toast.selectAtLeastOne'))
    fireEvent.click(screen.getByRole('checkbox', { name: i18n.t('common:dataTable.selectAll') }))
    fireEvent.click(screen.getByTestId('redemptions-delete-selected'))
    expect(
      within(await screen.findByTestId('confirm-dialog')).getByText(t('confirm.deleteManyBody', { count: 3 }))
    ).toBeVisible()
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'))
    await waitFor(() => expect(calls.some((call) => call.url === '/api/redemption/batch')).toBe(true))
    const batch = calls.find((call) => call.url === '/api/redemption/batch')!
    expect(JSON.parse(String(batch.init.body))).toEqual({ ids: [1, 2, 3] })
  })

  it('lists the new keys after creating a batch, with copy all and download', async () => {
    serve((url, init) =>
      url === '/api/redemption/' && method(init) === 'POST' ? ok(['key-one', 'key-two']) : undefined
    )
    clipboard.writeText.mockResolvedValue(undefined)
    const createObjectURL = vi.fn(() => 'blob:codes')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderPage()
    fireEvent.click(screen.getByTestId('redemptions-add'))
    fireEvent.change(await screen.findByLabelText(t('editor.name')), { target: { value: 'spring' } })
    fireEvent.change(screen.getByLabelText(t('editor.count')), { target: { value: '2' } })
    fireEvent.click(screen.getByTestId('redemption-editor-submit'))
    const dialog = await screen.findByTestId('redemption-keys-dialog')
    expect(within(dialog).getByText('key-one')).toBeVisible()
    expect(within(dialog).getByText('key-two')).toBeVisible()
    fireEvent.click(within(dialog).getByText(t('keys.copyAll')))
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith('key-one\nkey-two'))
    expect(toast.success).toHaveBeenCalledWith(t('toast.copiedAll', { count: 2 }))
    fireEvent.click(within(dialog).getByText(t('keys.download')))
    expect(createObjectURL).toHaveBeenCalled()
    expect(click).toHaveBeenCalled()
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(await blob.text()).toBe('key-one\nkey-two\n')
    click.mockRestore()
  })
})
