import { fail, makeToken, method, ok, page, serveApi } from '@test/api'
import { createTestQueryClient, renderFeaturePage } from '@test/render'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { createQueryClient } from '@/lib/query-client'
import type { TokenSearch } from './token-search'
import { TokensPage } from './tokens-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string
const t = (key: string, options?: Record<string, unknown>) => translate(`tokens:${key}`, options)

const tokens = [
  makeToken({ id: 1, name: 'alpha', status: 1 }),
  makeToken({
    id: 2,
    name: 'beta',
    status: 2,
    unlimited_quota: true,
    key: 'sk-beta**********beta',
    group: 'auto',
    cross_group_retry: true,
  }),
  makeToken({ id: 3, name: 'gamma', status: 3, allow_ips: '10.0.0.1\n10.0.0.2', expired_time: 1_700_000_100 }),
]
/** The full keys the server hands out on request; the list above only has masked ones. */
const fullKeys: Record<number, string> = {
  1: 'sk-full-key-of-alpha',
  2: 'sk-full-key-of-beta',
  3: 'sk-full-key-of-gamma',
}

function serve(status = {}) {
  return serveApi((url, init, body) => {
    const single = /^\/api\/token\/(\d+)\/key$/.exec(url)
    // The server answers keys without `sk-`, as the reference does; the console puts it back.
    if (single && method(init) === 'POST') return ok({ key: fullKeys[Number(single[1])]?.slice(3) })
    if (url === '/api/token/batch/keys') {
      const { ids } = body as { ids: number[] }
      return ok({ keys: Object.fromEntries(ids.map((id) => [String(id), fullKeys[id]?.slice(3)])) })
    }
    if (url.startsWith('/api/token/?') || url.startsWith('/api/token/search')) return page(tokens)
    if (method(init) === 'PUT' || method(init) === 'DELETE') return ok(null)
    if (url === '/api/token/batch') return ok(2)
    return undefined
  }, status)
}

function renderPage(search: TokenSearch = {}, onSearchChange = vi.fn(), client = createTestQueryClient()) {
  renderFeaturePage(<TokensPage search={search} onSearchChange={onSearchChange} />, { client })
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
    expect(await screen.findByText('alpha')).toBeVisible()
    expect(calls.some((call) => call.url === '/api/token/?p=1&page_size=10')).toBe(true)
    const badges = screen.getAllByTestId('token-status').map((badge) => badge.textContent)
    expect(badges).toEqual([t('status.enabled'), t('status.disabled'), t('status.expired')])
    expect(screen.getByText(t('unlimited'))).toBeVisible()
    expect(screen.getAllByText(t('never')).length).toBe(2)
    expect(screen.getByText('10.0.0.1, 10.0.0.2')).toBeVisible()
    expect(screen.getByTestId('data-table-total').textContent).toContain('3')
    // Only the auto-group token with cross-group retry on says so next to its group.
    expect(screen.getAllByTestId('token-cross-group-retry-badge').map((badge) => badge.textContent)).toEqual([
      t('editor.crossGroupRetry'),
    ])
  })

  it('puts the name search in the URL and keeps the key out of it, sending both in a POST body', async () => {
    const calls = serve()
    const onSearchChange = renderPage()
    await screen.findByText('alpha')
    fireEvent.change(screen.getByTestId('tokens-search-name'), { target: { value: ' alp ' } })
    fireEvent.change(screen.getByTestId('tokens-search-key'), { target: { value: 'sk-abc' } })
    fireEvent.click(screen.getByTestId('tokens-search-submit'))
    expect(onSearchChange.mock.calls).toEqual([[{ keyword: 'alp', p: undefined }]])
    // The key reaches the server in the body only: no request URL carries it.
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.url === '/api/token/search')
          .map((call) => [method(call.init), JSON.parse(String(call.init.body))])
      ).toEqual([['POST', { token: 'sk-abc', p: 1, page_size: 10 }]])
    )
    expect(calls.filter((call) => call.url.includes('sk-abc'))).toEqual([])
  })

  it('searches by key alone without touching the URL', async () => {
    const calls = serve()
    const onSearchChange = renderPage()
    await screen.findByText('alpha')
    fireEvent.change(screen.getByTestId('tokens-search-key'), { target: { value: 'sk-only' } })
    fireEvent.click(screen.getByTestId('tokens-search-submit'))
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url === '/api/token/search').map((call) => JSON.parse(String(call.init.body)))
      ).toEqual([{ token: 'sk-only', p: 1, page_size: 10 }])
    )
    expect(onSearchChange.mock.calls).toEqual([[{ keyword: undefined, p: undefined }]])
    expect(calls.filter((call) => call.url.includes('sk-only'))).toEqual([])
  })

  it('calls the search endpoint with the name from the URL', async () => {
    const calls = serve()
    renderPage({ keyword: 'alp' })
    await screen.findByText('alpha')
    expect(
      calls
        .filter((call) => call.url === '/api/token/search')
        .map((call) => [method(call.init), JSON.parse(String(call.init.body))])
    ).toEqual([['POST', { keyword: 'alp', p: 1, page_size: 10 }]])
  })

  const keyCalls = (calls: { url: string; init: RequestInit }[]) =>
    calls.filter((call) => method(call.init) === 'POST' && call.url.includes('key')).map((call) => call.url)

  it('shows masked keys, and reveals a full key with the eye only when asked (and hides it again)', async () => {
    const calls = serve()
    renderPage()
    await screen.findByText('alpha')
    expect(screen.getAllByTestId('token-key').map((cell) => cell.textContent)).toEqual([
      'sk-abcd**********KLMN',
      'sk-beta**********beta',
      'sk-abcd**********KLMN',
    ])
    expect(keyCalls(calls)).toEqual([])

    fireEvent.click(screen.getAllByTestId('token-reveal')[1]!)
    await waitFor(() => expect(screen.getAllByTestId('token-key')[1]!.textContent).toBe('sk-full-key-of-beta'))
    expect(keyCalls(calls)).toEqual(['/api/token/2/key'])
    expect(screen.getAllByTestId('token-reveal')[1]!.getAttribute('aria-label')).toBe(t('actions.hideKey'))
    expect(screen.getAllByTestId('token-key')[0]!.textContent).toBe('sk-abcd**********KLMN')

    fireEvent.click(screen.getAllByTestId('token-reveal')[1]!)
    await waitFor(() => expect(screen.getAllByTestId('token-key')[1]!.textContent).toBe('sk-beta**********beta'))
    expect(screen.getAllByTestId('token-reveal')[1]!.getAttribute('aria-label')).toBe(t('actions.showKey'))
  })

  it('copies a key fetched from the server, and offers it for manual copying when the clipboard refuses', async () => {
    const calls = serve()
    renderPage()
    clipboard.writeText.mockResolvedValueOnce(undefined)
    fireEvent.click((await screen.findAllByTestId('token-copy'))[0]!)
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.copied')))
    expect(clipboard.writeText).toHaveBeenCalledWith('sk-full-key-of-alpha')
    expect(keyCalls(calls)).toEqual(['/api/token/1/key'])

    clipboard.writeText.mockRejectedValueOnce(new Error('denied'))
    fireEvent.click(screen.getAllByTestId('token-copy')[1]!)
    const dialog = await screen.findByTestId('manual-copy-dialog')
    expect(within(dialog).getByText(i18n.t('common:dataTable.copy.manualTitle'))).toBeVisible()
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('sk-full-key-of-beta')
  })

  it('copies nothing when the server refuses the key', async () => {
    serveApi((url, init) => {
      if (url === '/api/token/1/key') return fail('请求过于频繁，请稍后再试', 429)
      if (url.startsWith('/api/token/?')) return page(tokens)
      return method(init) === 'GET' ? undefined : ok(null)
    })
    // The console's own client: its error policy is what tells the user.
    renderPage({}, vi.fn(), createQueryClient())
    fireEvent.click((await screen.findAllByTestId('token-copy'))[0]!)
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(i18n.t('errors:http.tooManyRequests'), expect.anything())
    )
    expect(clipboard.writeText).not.toHaveBeenCalled()
  })

  it('batch copies the full keys of the selected tokens in one call, and asks for a selection first', async () => {
    const calls = serve()
    renderPage()
    await screen.findByText('alpha')
    fireEvent.click(screen.getByTestId('tokens-batch-mode'))
    fireEvent.click(screen.getByTestId('tokens-copy-selected'))
    expect(toast.error).toHaveBeenCalledWith(t('toast.selectAtLeastOne'))
    const boxes = screen.getAllByRole('checkbox', { name: i18n.t('common:dataTable.selectRow') })
    fireEvent.click(boxes[0]!)
    fireEvent.click(boxes[2]!)
    clipboard.writeText.mockResolvedValueOnce(undefined)
    fireEvent.click(screen.getByTestId('tokens-copy-selected'))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.copiedMany', { count: 2 })))
    expect(clipboard.writeText).toHaveBeenCalledWith('sk-full-key-of-alpha\nsk-full-key-of-gamma')
    const batch = calls.filter((call) => call.url === '/api/token/batch/keys')
    expect(batch.map((call) => JSON.parse(String(call.init.body)))).toEqual([{ ids: [1, 3] }])
    expect(keyCalls(calls)).toEqual(['/api/token/batch/keys'])
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
    expect(within(dialog).getByText(t('confirm.deleteBody', { name: 'gamma' }))).toBeVisible()
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
    serve({
      chats: [{ NextChat: 'https://chat.example/#/?settings={"key":"{key}","url":"{address}"}' }],
      server_address: 'https://api.example',
    })
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(null)
    renderPage()
    const menu = await openRowMenu('alpha')
    await act(async () => {
      fireEvent.keyDown(within(menu).getByTestId('token-chat-menu'), { key: 'ArrowRight' })
    })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'NextChat' }))
    await waitFor(() => expect(openSpy).toHaveBeenCalledTimes(1))
    const url = openSpy.mock.calls[0]![0] as string
    expect(url).toBe(
      `https://chat.example/#/?settings={"key":"${encodeURIComponent('sk-full-key-of-alpha')}","url":"${encodeURIComponent('https://api.example')}"}`
    )
  })

  it('says that chat links are not configured when there are none', async () => {
    serve({ chats: [] })
    renderPage()
    fireEvent.click(within(await openRowMenu('alpha')).getByText(t('actions.chat')))
    expect(toast.info).toHaveBeenCalledWith(t('toast.noChats'))
  })
})
