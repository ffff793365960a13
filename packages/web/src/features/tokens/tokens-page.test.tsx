import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { createTestQueryClient, Providers } from '@/test-utils/render'
import { makeToken, method, ok, page, serveApi } from './testing'
import type { TokenSearch } from './token-search'
import { TokensPage } from './tokens-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string
const t = (key: string, options?: Record<string, unknown>) => translate(`tokens:${key}`, options)

const tokens = [
  makeToken({ id: 1, name: 'alpha', status: 1 }),
  makeToken({ id: 2, name: 'beta', status: 2, unlimited_quota: true, key: 'sk-beta' }),
  makeToken({ id: 3, name: 'gamma', status: 3, allow_ips: '10.0.0.1\n10.0.0.2', expired_time: 1_700_000_100 }),
]

function serve(status = {}) {
  return serveApi((url, init) => {
    if (url.startsWith('/api/token/?') || url.startsWith('/api/token/search')) return page(tokens)
    if (method(init) === 'PUT' || method(init) === 'DELETE') return ok(null)
    if (url === '/api/token/batch') return ok(2)
    return undefined
  }, status)
}

function renderPage(search: TokenSearch = {}, onSearchChange = vi.fn()) {
  render(
    <Providers client={createTestQueryClient()}>
      <TokensPage search={search} onSearchChange={onSearchChange} />
    </Providers>,
  )
  return onSearchChange
}

async function openRowMenu(name: string) {
  const row = (await screen.findByText(name)).closest('tr')!
  await act(async () => {
    fireEvent.pointerDown(within(row).getByTestId('row-actions-trigger'), { button: 0, pointerType: 'mouse' })
  })
  return screen.findByRole('menu')
}

describe('TokensPage', () => {
  const clipboard = { writeText: vi.fn() }
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true })
  })
  afterEach(() => vi.useRealTimers())

  it('lists tokens with status badges, unlimited quota and expiry', async () => {
    const calls = serve()
    renderPage()
    expect(await screen.findByText('alpha')).toBeTruthy()
    expect(calls.some((call) => call.url === '/api/token/?p=1&page_size=10')).toBe(true)
    const badges = screen.getAllByTestId('token-status').map((badge) => badge.textContent)
    expect(badges).toEqual([t('status.enabled'), t('status.disabled'), t('status.expired')])
    expect(screen.getByText(t('unlimited'))).toBeTruthy()
    expect(screen.getAllByText(t('never')).length).toBe(2)
    expect(screen.getByText('10.0.0.1, 10.0.0.2')).toBeTruthy()
    expect(screen.getByTestId('data-table-total').textContent).toContain('3')
  })

  it('searches by name and key through the URL', async () => {
    serve()
    const onSearchChange = renderPage()
    fireEvent.change(screen.getByTestId('tokens-search-name'), { target: { value: ' alp ' } })
    fireEvent.change(screen.getByTestId('tokens-search-key'), { target: { value: 'sk-abc' } })
    fireEvent.click(screen.getByTestId('tokens-search-submit'))
    expect(onSearchChange).toHaveBeenCalledWith({ keyword: 'alp', token: 'sk-abc', p: undefined })
  })

  it('calls the search endpoint with the keyword and key from the URL', async () => {
    const calls = serve()
    renderPage({ keyword: 'alp', token: 'sk-x' })
    await screen.findByText('alpha')
    expect(calls.some((call) => call.url === '/api/token/search?keyword=alp&token=sk-x&p=1&page_size=10')).toBe(true)
  })

  it('copies a key, and offers it for manual copying when the clipboard refuses', async () => {
    serve()
    renderPage()
    clipboard.writeText.mockResolvedValueOnce(undefined)
    fireEvent.click((await screen.findAllByTestId('token-copy'))[0]!)
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.copied')))
    expect(clipboard.writeText).toHaveBeenCalledWith(tokens[0]!.key)

    clipboard.writeText.mockRejectedValueOnce(new Error('denied'))
    fireEvent.click(screen.getAllByTestId('token-copy')[1]!)
    const dialog = await screen.findByTestId('manual-copy-dialog')
    expect(within(dialog).getByText(i18n.t('common:dataTable.copy.manualTitle'))).toBeTruthy()
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('sk-beta')
  })

  it('disables an enabled token and enables a disabled one', async () => {
    const calls = serve()
    renderPage()
    fireEvent.click(within(await openRowMenu('alpha')).getByText(t('actions.disable')))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.disabled')))
    fireEvent.click(within(await openRowMenu('beta')).getByText(t('actions.enable')))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.enabled')))
    const puts = calls.filter((call) => method(call.init) === 'PUT')
    expect(puts.map((call) => call.url)).toEqual(['/api/token/?status_only=true', '/api/token/?status_only=true'])
    expect(puts.map((call) => JSON.parse(String(call.init.body)))).toEqual([
      { id: 1, status: 2 },
      { id: 2, status: 1 },
    ])
  })

  it('deletes a token after confirmation', async () => {
    const calls = serve()
    renderPage()
    fireEvent.click(within(await openRowMenu('gamma')).getByText(t('actions.delete')))
    const dialog = await screen.findByTestId('confirm-dialog')
    expect(within(dialog).getByText(t('confirm.deleteBody', { name: 'gamma' }))).toBeTruthy()
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.deleted')))
    expect(calls.some((call) => call.url === '/api/token/3' && method(call.init) === 'DELETE')).toBe(true)
  })

  it('batch deletes the selected tokens, and asks for a selection first', async () => {
    const calls = serve()
    renderPage()
    await screen.findByText('alpha')
    fireEvent.click(screen.getByTestId('tokens-batch-mode'))
    fireEvent.click(screen.getByTestId('tokens-delete-selected'))
    expect(toast.error).toHaveBeenCalledWith(t('toast.selectAtLeastOne'))
    const boxes = screen.getAllByRole('checkbox', { name: i18n.t('common:dataTable.selectRow') })
    fireEvent.click(boxes[0]!)
    fireEvent.click(boxes[2]!)
    fireEvent.click(screen.getByTestId('tokens-delete-selected'))
    const dialog = await screen.findByTestId('confirm-dialog')
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.deletedMany', { count: 2 })))
    const batch = calls.find((call) => call.url === '/api/token/batch')!
    expect(JSON.parse(String(batch.init.body))).toEqual({ ids: [1, 3] })
  })

  it('opens a chat link with the key and the encoded server address', async () => {
    serve({ chats: [{ NextChat: 'https://chat.example/#/?settings={"key":"{key}","url":"{address}"}' }], server_address: 'https://api.example' })
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(null)
    renderPage()
    const menu = await openRowMenu('alpha')
    await act(async () => {
      fireEvent.keyDown(within(menu).getByTestId('token-chat-menu'), { key: 'ArrowRight' })
    })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'NextChat' }))
    const url = openSpy.mock.calls[0]![0] as string
    expect(url).toBe(
      `https://chat.example/#/?settings={"key":"${encodeURIComponent(tokens[0]!.key)}","url":"${encodeURIComponent('https://api.example')}"}`,
    )
  })

  it('says that chat links are not configured when there are none', async () => {
    serve({ chats: [] })
    renderPage()
    fireEvent.click(within(await openRowMenu('alpha')).getByText(t('actions.chat')))
    expect(toast.info).toHaveBeenCalledWith(t('toast.noChats'))
  })
})
