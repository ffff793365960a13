import type { PasskeyItem, PasskeyStatus } from '@gateway/shared'
import { method, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { PasskeysCard } from './personal-passkeys-card'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

// The browser's WebAuthn prompt is mocked at the library boundary; the server is served through fetch.
const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), supports: vi.fn(() => true) }))
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  startRegistration: browser.startRegistration,
  browserSupportsWebAuthn: browser.supports,
}))

const created = 1_735_689_600
const laptop: PasskeyItem = { id: 3, name: 'Work laptop', created_at: created, last_used_at: null, backup_state: false }
const phone: PasskeyItem = {
  id: 5,
  name: 'Phone',
  created_at: created,
  last_used_at: created + 3600,
  backup_state: true,
}
const statusOf = (passkeys: PasskeyItem[]): PasskeyStatus => ({
  enabled: passkeys.length > 0,
  last_used_at: null,
  passkeys,
})
const creationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'New API', id: 'localhost' },
  user: { id: 'Nw', name: 'alice', displayName: 'Alice' },
  pubKeyCredParams: [],
}
const registration = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
}

function serve(passkeys: PasskeyItem[]) {
  let current = passkeys
  return serveApi((url, init, body) => {
    if (url === '/api/user/passkey' && method(init) === 'GET') return ok(statusOf(current))
    if (url === '/api/user/passkey/register/begin') return ok({ options: { publicKey: creationOptions } })
    if (url === '/api/user/passkey/register/finish') {
      current = [{ ...laptop, id: 9, name: (body as { name?: string }).name ?? 'Passkey on macOS' }, ...current]
      return ok({ id: 9 })
    }
    if (url.startsWith('/api/user/passkey/') && method(init) === 'DELETE') {
      current = current.filter((p) => `/api/user/passkey/${p.id}` !== url)
      return ok(null)
    }
    return undefined
  })
}

const calls = (requests: ReturnType<typeof serve>, path: string, verb: string) =>
  requests.filter((call) => call.url === path && method(call.init) === verb).map((call) => call.init)

function renderCard() {
  renderFeaturePage(<PasskeysCard />)
}

const rowNames = () => screen.queryAllByTestId('passkey-name-text').map((node) => node.textContent)

describe('PasskeysCard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
    browser.supports.mockReturnValue(true)
  })

  it('lists each passkey with its name, when it was added and last used, and whether it is synced', async () => {
    serve([laptop, phone])
    renderCard()
    await waitFor(() => expect(rowNames()).toEqual(['Work laptop', 'Phone']))
    const [first, second] = screen.getAllByTestId('passkey-row')
    expect(within(first as HTMLElement).getByTestId('passkey-last-used').textContent).toBe('Never used')
    expect(within(second as HTMLElement).getByTestId('passkey-last-used').textContent).toBe(
      `Last used ${new Date((created + 3600) * 1000).toLocaleString('en', { hour12: false })}`
    )
    expect(within(first as HTMLElement).queryByText('Synced')).toBe(null)
    expect(within(second as HTMLElement).getByText('Synced')).toBeVisible()
  })

  it("adds a passkey: asks for a name, runs the browser prompt with the server's options, sends the answer with the name", async () => {
    const fetchMock = serve([])
    browser.startRegistration.mockResolvedValue(registration)
    renderCard()
    await screen.findByTestId('passkeys-empty')
    fireEvent.click(screen.getByTestId('passkey-add'))
    fireEvent.change(await screen.findByTestId('passkey-name'), { target: { value: '  Desk key ' } })
    fireEvent.click(screen.getByTestId('passkey-name-submit'))

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Passkey added'))
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: creationOptions })
    const [finish] = calls(fetchMock, '/api/user/passkey/register/finish', 'POST')
    expect(JSON.parse(String(finish?.body))).toEqual({ ...registration, name: 'Desk key' })
    await waitFor(() => expect(rowNames()).toEqual(['Desk key']))
    expect(screen.queryByTestId('passkey-name-dialog')).toBe(null)
  })

  it('says calmly that nothing was added when the browser prompt is closed', async () => {
    const fetchMock = serve([])
    browser.startRegistration.mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')
    )
    renderCard()
    await screen.findByTestId('passkeys-empty')
    fireEvent.click(screen.getByTestId('passkey-add'))
    fireEvent.click(await screen.findByTestId('passkey-name-submit'))

    const dialog = await screen.findByTestId('passkey-name-dialog')
    await within(dialog).findByText(
      'The passkey prompt was closed, so nothing was added. Try again when you are ready.'
    )
    expect(calls(fetchMock, '/api/user/passkey/register/finish', 'POST')).toEqual([])
    expect(toast.error).not.toHaveBeenCalled()
    expect(within(dialog).queryByText(/timed out/)).toBe(null)
  })

  it('renames a passkey, refusing a blank name', async () => {
    const fetchMock = serve([laptop])
    renderCard()
    await waitFor(() => expect(rowNames()).toEqual(['Work laptop']))
    fireEvent.click(screen.getByTestId('passkey-rename'))
    const field = (await screen.findByTestId('passkey-name')) as HTMLInputElement
    expect(field.value).toBe('Work laptop')
    fireEvent.change(field, { target: { value: '   ' } })
    fireEvent.click(screen.getByTestId('passkey-name-submit'))
    await screen.findByText('Enter a name for the passkey')
    expect(calls(fetchMock, '/api/user/passkey/3', 'PUT')).toEqual([])

    fireEvent.change(field, { target: { value: 'Home laptop' } })
    fireEvent.click(screen.getByTestId('passkey-name-submit'))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Passkey renamed'))
    expect(calls(fetchMock, '/api/user/passkey/3', 'PUT').map((init) => JSON.parse(String(init.body)))).toEqual([
      { name: 'Home laptop' },
    ])
  })

  it('deletes a passkey only after confirmation', async () => {
    const fetchMock = serve([laptop, phone])
    renderCard()
    await waitFor(() => expect(rowNames()).toEqual(['Work laptop', 'Phone']))
    fireEvent.click(screen.getAllByTestId('passkey-delete')[1] as HTMLElement)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/"Phone" will no longer sign you in/)).toBeVisible()
    expect(calls(fetchMock, '/api/user/passkey/5', 'DELETE')).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(rowNames()).toEqual(['Work laptop']))
    expect(calls(fetchMock, '/api/user/passkey/5', 'DELETE')).toHaveLength(1)
    expect(toast.success).toHaveBeenCalledWith('Passkey deleted')
  })

  it('explains that the browser has no WebAuthn and offers no add', async () => {
    browser.supports.mockReturnValue(false)
    serve([laptop])
    renderCard()
    expect((await screen.findByTestId('passkeys-unsupported')).textContent).toBe(
      'This browser does not support passkeys (WebAuthn). Use a current browser over HTTPS or on localhost to add one.'
    )
    expect((screen.getByTestId('passkey-add') as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(rowNames()).toEqual(['Work laptop']))
  })
})
