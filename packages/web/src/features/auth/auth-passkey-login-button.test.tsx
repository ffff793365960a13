import { mockFetch, renderWithRouter } from '@test/render'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { getStoredUser } from '@/lib/session'
import { PasskeyLoginButton } from './auth-passkey-login-button'

// The browser's WebAuthn prompt is mocked at the library boundary; the server is served through fetch.
const browser = vi.hoisted(() => ({ startAuthentication: vi.fn(), supports: vi.fn(() => true) }))
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  startAuthentication: browser.startAuthentication,
  browserSupportsWebAuthn: browser.supports,
}))

const requestOptions = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' }
const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
}
const user = { id: 7, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default' }
const serve = () =>
  mockFetch((url) => ({
    body: {
      success: true,
      message: '',
      data: url === '/api/user/passkey/login/begin' ? { options: { publicKey: requestOptions } } : user,
    },
  }))

describe('PasskeyLoginButton', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
    browser.supports.mockReturnValue(true)
  })

  it('signs in with the passkey the browser offers, then lands on /token like any sign-in', async () => {
    const calls = serve()
    browser.startAuthentication.mockResolvedValue(assertion)
    const { router } = await renderWithRouter(<PasskeyLoginButton />, '/login')
    fireEvent.click(await screen.findByTestId('passkey-login'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/token'))
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions })
    expect(calls.map((call) => call.url)).toEqual(['/api/user/passkey/login/begin', '/api/user/passkey/login/finish'])
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual(assertion)
    expect(getStoredUser()).toEqual(user)
  })

  it('answers a closed prompt with a calm message, in Chinese too', async () => {
    await i18n.changeLanguage('zh')
    const calls = serve()
    browser.startAuthentication.mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')
    )
    await renderWithRouter(<PasskeyLoginButton />, '/login')
    fireEvent.click(await screen.findByTestId('passkey-login'))
    expect((await screen.findByTestId('passkey-login-message')).textContent).toBe(
      '已取消通行密钥登录。可以重试，或使用密码登录。'
    )
    expect(calls.map((call) => call.url)).toEqual(['/api/user/passkey/login/begin'])
  })

  it('is not shown when the browser has no WebAuthn', async () => {
    browser.supports.mockReturnValue(false)
    await renderWithRouter(
      <div data-testid="host">
        <PasskeyLoginButton />
      </div>,
      '/login'
    )
    expect((await screen.findByTestId('host')).innerHTML).toBe('')
  })
})
