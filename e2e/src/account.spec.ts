import type { APIRequestContext } from '@playwright/test'
import { startOAuthStub, type OAuthStub } from '../../packages/server/test/oauth-stub.ts'
import { startSmtpSink, type SmtpSink } from '../../packages/server/test/smtp-sink.ts'
import { ensureRoot, expect, rootHeaders, test } from './fixtures.ts'

/** global-setup.ts starts the server with GITHUB_OAUTH_BASE_URL pointing here. */
const GITHUB_STUB_PORT = 39417

let sink: SmtpSink
let stub: OAuthStub
test.beforeAll(async () => {
  sink = await startSmtpSink()
  stub = await startOAuthStub(GITHUB_STUB_PORT)
})
test.afterAll(async () => {
  await sink.close()
  await stub.close()
})

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

test('registers with an emailed code, then resets the password through the mailed link', async ({
  page,
  request,
  baseURL,
}) => {
  await ensureRoot(request, baseURL)
  await setOptions(request, baseURL, {
    SMTPServer: '127.0.0.1',
    SMTPPort: String(sink.port),
    SMTPFrom: 'gateway@example.com',
    ServerAddress: baseURL ?? '',
    EmailVerificationEnabled: 'true',
  })
  const email = `reset-${Date.now()}@example.com`
  const username = `rs${Date.now() % 1_000_000}`
  try {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
    await page.goto('/register')
    await page.getByTestId('register-username').fill(username)
    await page.getByTestId('register-password').fill('firstpass123')
    await page.getByTestId('register-confirm').fill('firstpass123')
    await page.getByTestId('register-email').fill(email)
    const mailsBefore = sink.mails.length
    await page.getByTestId('register-send-code').click()
    await expect(page.getByTestId('register-send-code')).toHaveText(/Resend \(\d+\)/)
    const codeMail = await sink.waitFor(mailsBefore + 1)
    expect(codeMail.to).toEqual([email])
    const code = /(\d{6})/.exec(codeMail.text)?.[1] ?? ''
    await page.getByTestId('register-code').fill(code)
    await page.getByTestId('register-submit').click()
    await expect(page).toHaveURL(/\/login$/)

    await page.getByTestId('login-reset-link').click()
    await expect(page).toHaveURL(/\/reset$/)
    await page.getByTestId('reset-email').fill(email)
    await page.getByTestId('reset-submit').click()
    await expect(page.getByTestId('reset-sent')).toBeVisible()
    await expect(page.getByTestId('reset-submit')).toHaveText(/Resend \(\d+\)/)
    const resetMail = await sink.waitFor(mailsBefore + 2)
    const link = new URL(/(https?:\/\/\S+\/user\/reset\?\S+)/.exec(resetMail.text)?.[1] ?? '')
    expect(link.origin).toBe(baseURL)

    await page.goto(link.pathname + link.search)
    await expect(page.getByTestId('reset-confirm-email')).toHaveValue(email)
    await page.getByTestId('reset-confirm-submit').click()
    const password = await page.getByTestId('reset-confirm-password').inputValue()
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/)

    // The link works once.
    await page.reload()
    await page.getByTestId('reset-confirm-submit').click()
    await expect(page.getByTestId('reset-confirm-error')).toHaveText('The reset link is invalid or has expired')

    await page.goto('/login')
    await page.getByTestId('login-username').fill(username)
    await page.getByTestId('login-password').fill('firstpass123')
    await page.getByTestId('login-submit').click()
    // The old password is gone (the server's refusal shows as a toast).
    await expect(page.getByText(/Wrong username or password|用户名或密码错误/)).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await page.getByTestId('login-password').fill(password)
    await page.getByTestId('login-submit').click()
    await expect(page).toHaveURL(/\/token$/)
  } finally {
    await setOptions(request, baseURL, { EmailVerificationEnabled: 'false' })
  }
})

test('signs in with GitHub through a stand-in provider', async ({ page, request, baseURL }) => {
  await ensureRoot(request, baseURL)
  await setOptions(request, baseURL, {
    GitHubClientId: 'e2e-client',
    GitHubClientSecret: 'e2e-secret',
    GitHubOAuthEnabled: 'true',
  })
  try {
    stub.codes.set('e2e-code', { id: 31337, login: 'e2e-octo', name: 'E2E Octo' })
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
    await page.goto('/login')
    await expect(page.getByTestId('oauth-github')).toBeVisible()
    // The button opens github.com; the stand-in cannot serve that page, so the test does what
    // GitHub would: take the state the page asked for and come back to the callback with a code.
    const state = await page.evaluate(
      async () => ((await (await fetch('/api/oauth/state')).json()) as { data: string }).data
    )
    await page.goto(`/oauth/github?code=e2e-code&state=${state}`)
    await expect(page).toHaveURL(/\/token$/)
    const stored = await page.evaluate(() => localStorage.getItem('user'))
    expect(JSON.parse(stored ?? '{}').username).toMatch(/^github_\d+$/)

    // A replayed callback is refused and the page says so.
    await page.goto(`/oauth/github?code=e2e-code&state=${state}`)
    await expect(page.getByText('Operation failed, redirecting to login page...')).toBeVisible()
  } finally {
    await setOptions(request, baseURL, { GitHubOAuthEnabled: 'false' })
  }
})
