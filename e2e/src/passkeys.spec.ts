import type { APIRequestContext } from '@playwright/test'
import { ensureRoot, expect, rootHeaders, signIn, test } from './fixtures.ts'

async function setOptions(
  request: APIRequestContext,
  baseURL: string | undefined,
  options: Record<string, string>
): Promise<void> {
  const headers = await rootHeaders(request, baseURL)
  for (const [key, value] of Object.entries(options)) {
    const response = await (await request.put(`${baseURL}/api/option/`, { headers, data: { key, value } })).json()
    expect(response.success, `${key}: ${response.message}`).toBe(true)
  }
}

test('passkeys: register one in personal settings, sign out, sign back in with it and no password; an admin removes it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await ensureRoot(request, baseURL)
  await setOptions(request, baseURL, { RegisterEnabled: 'true', EmailVerificationEnabled: 'false' })
  const username = `pk${Date.now() % 1_000_000}`
  const password = 'passkeypass1'
  const registered = await (
    await request.post(`${baseURL}/api/user/register`, { data: { username, password, password2: password } })
  ).json()
  expect(registered.success, registered.message).toBe(true)

  // WebAuthn wants a secure context and a domain for its RP ID: localhost is both, 127.0.0.1 is no domain.
  const site = (baseURL ?? '').replace('127.0.0.1', 'localhost')
  expect(new URL(site).hostname).toBe('localhost')

  // Chromium's virtual authenticator stands in for the platform one (Touch ID, Windows Hello).
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto(`${site}/login`)
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/token$/)

  await page.goto(`${site}/personal`)
  const card = page.getByTestId('passkeys-card')
  await expect(card.getByTestId('passkeys-empty')).toHaveText('No passkey yet.')
  await card.getByTestId('passkey-add').click()
  const dialog = page.getByTestId('passkey-name-dialog')
  await dialog.getByLabel('Name').fill('E2E laptop')
  await dialog.getByTestId('passkey-name-submit').click()
  await expect(dialog).toBeHidden()
  await expect(card.getByTestId('passkey-name-text')).toHaveText(['E2E laptop'])
  await expect(card.getByTestId('passkey-last-used')).toHaveText(['Never used'])
  // The authenticator now holds one discoverable credential for this site, for the user's id.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(
    credentials.map((c) => [c.rpId, c.isResidentCredential, Buffer.from(c.userHandle ?? '', 'base64').toString()])
  ).toEqual([['localhost', true, String(registered.data?.id ?? (await userId(request, baseURL, username)))]])

  await page.getByTestId('user-menu').click()
  await page.getByTestId('logout').click()
  await expect(page).toHaveURL(/\/login$/)

  // No username, no password: the browser offers the passkey this site holds.
  await page.getByTestId('passkey-login').click()
  await expect(page).toHaveURL(/\/token$/)
  await page.goto(`${site}/personal`)
  await expect(page.getByTestId('passkeys-card').getByTestId('passkey-last-used')).toHaveText([/^Last used /])
  const { credentials: after } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(after[0]?.signCount).toBe(2)

  // A lost device: the root removes the user's passkeys from the user list.
  const rootContext = await browser.newContext({ baseURL })
  try {
    const rootPage = await rootContext.newPage()
    await signIn(rootPage, { english: true })
    await rootPage.goto(`/user?keyword=${username}`)
    const row = rootPage
      .getByTestId('users-table')
      .locator('tbody tr')
      .filter({ has: rootPage.getByTestId('user-username').getByText(username, { exact: true }) })
    await row.getByTestId('row-actions-trigger').click()
    await rootPage.getByTestId('user-reset-passkey').click()
    await expect(rootPage.getByTestId('confirm-dialog')).toContainText("Remove this user's passkeys")
    await rootPage.getByTestId('confirm-dialog-confirm').click()
    await expect(rootPage.getByText(`The passkeys of ${username} are removed`)).toBeVisible()
  } finally {
    await rootContext.close()
  }

  // The browser still holds the credential, but the server no longer knows it.
  await page.goto(`${site}/personal`)
  await expect(page.getByTestId('passkeys-card').getByTestId('passkeys-empty')).toHaveText('No passkey yet.')
  await page.getByTestId('user-menu').click()
  await page.getByTestId('logout').click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByTestId('passkey-login').click()
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'No account is registered for this passkey' })
  ).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

/** The new user's id, looked up by root (registration answers no data). */
async function userId(request: APIRequestContext, baseURL: string | undefined, username: string): Promise<number> {
  const headers = await rootHeaders(request, baseURL)
  const found = await (await request.get(`${baseURL}/api/user/search?keyword=${username}`, { headers })).json()
  return found.data.items[0].id
}
