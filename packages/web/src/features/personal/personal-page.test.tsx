import type { SelfUser } from '@gateway/shared'
import { fail, method, ok, serveApi } from '@test/api'
import { renderFeaturePage, renderWithRouter } from '@test/render'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { setStoredUser } from '@/lib/session'
import { EmailBindDialog } from './personal-email-bind-dialog'
import { ModelsCard } from './personal-models-card'
import { PersonalPage } from './personal-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const UNIT = 500_000
const self: SelfUser = {
  id: 7,
  username: 'alice',
  display_name: 'Alice',
  role: 1,
  status: 1,
  group: 'default',
  email: 'alice@example.com',
  quota: 2 * UNIT,
  used_quota: UNIT / 2,
  request_count: 42,
  aff_code: 'AbCd',
  aff_count: 3,
  aff_quota: 3 * UNIT,
  aff_history_quota: 4 * UNIT,
  inviter_id: 0,
  github_id: '',
  wechat_id: '',
  telegram_id: '',
  linux_do_id: '',
  discord_id: '',
  oidc_id: '',
  stripe_customer: '',
  setting:
    '{"notify_type":"webhook","quota_warning_threshold":1000000,"webhook_url":"https://hooks.example.com/q","webhook_secret_set":true}',
  sidebar_modules: '',
  permissions: { sidebar_settings: true, sidebar_modules: { admin: false }, admin_permissions: {} },
  password: '',
}
const models = Array.from({ length: 14 }, (_, i) => `model-${String(i + 1).padStart(2, '0')}`)

type Handler = Parameters<typeof serveApi>[0]
function serve(extra: Handler = () => undefined, user: SelfUser = self) {
  return serveApi((url, init, body) => {
    const answer = extra(url, init, body)
    if (answer) return answer
    if (url === '/api/user/self' && method(init) === 'GET') return ok(user)
    if (url === '/api/user/models') return ok(models)
    if (url === '/api/user/aff') return ok(user.aff_code)
    return undefined
  })
}

async function renderPage() {
  setStoredUser({
    id: self.id,
    username: self.username,
    display_name: self.display_name,
    role: 1,
    status: 1,
    group: 'default',
  })
  const result = await renderWithRouter(<PersonalPage />, '/personal')
  await screen.findByTestId('balance-card')
  return result
}

describe('PersonalPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })
  afterEach(() => vi.useRealTimers())

  it('shows balance, invite figures and link in currency', async () => {
    serve()
    await renderPage()
    expect(screen.getByTestId('balance-quota').textContent).toBe('$2')
    expect(screen.getByTestId('balance-used').textContent).toBe('$0.5')
    expect(screen.getByTestId('balance-requests').textContent).toBe('42')
    expect(screen.getByTestId('invite-pending').textContent).toBe('$3')
    expect(screen.getByTestId('invite-history').textContent).toBe('$4')
    await waitFor(() =>
      expect((screen.getByTestId('invite-link') as HTMLInputElement).value).toBe(
        `${window.location.origin}/register?aff=AbCd`
      )
    )
  })

  it('checks the transfer amount: whole quota, at least one unit, not above the invite reward', async () => {
    const calls = serve((url, init) =>
      url === '/api/user/aff_transfer' && method(init) === 'POST' ? ok(null) : undefined
    )
    await renderPage()
    fireEvent.click(screen.getByTestId('open-transfer'))
    const dialog = await screen.findByTestId('transfer-dialog')
    const input = within(dialog).getByLabelText('Amount (quota)') as HTMLInputElement
    expect(input.value).toBe(String(3 * UNIT))
    const submitWith = (value: string) => {
      fireEvent.change(input, { target: { value } })
      fireEvent.click(within(dialog).getByTestId('transfer-submit'))
    }
    submitWith(String(UNIT - 1))
    expect(await within(dialog).findByText('Transfer amount minimum is $1')).toBeVisible()
    submitWith('1.5')
    expect(await within(dialog).findByText('Enter a whole number')).toBeVisible()
    submitWith(String(4 * UNIT))
    expect(await within(dialog).findByText('Not enough invite reward')).toBeVisible()
    expect(calls.some((call) => call.url === '/api/user/aff_transfer')).toBe(false)
    submitWith(String(UNIT))
    await waitFor(() => expect(calls.some((call) => call.url === '/api/user/aff_transfer')).toBe(true))
    const call = calls.find((c) => c.url === '/api/user/aff_transfer')!
    expect(JSON.parse(String(call.init.body))).toEqual({ quota: UNIT })
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Transferred to your balance'))
  })

  it('shows the server message when the transfer is refused', async () => {
    serve((url) => (url === '/api/user/aff_transfer' ? fail('Not enough invite quota!') : undefined))
    await renderPage()
    fireEvent.click(screen.getByTestId('open-transfer'))
    const dialog = await screen.findByTestId('transfer-dialog')
    fireEvent.click(within(dialog).getByTestId('transfer-submit'))
    expect(await within(dialog).findByText('Not enough invite quota!')).toBeVisible()
  })

  it('deletes the account only when the own username is typed exactly, then signs out to /', async () => {
    const calls = serve((url, init) => (url === '/api/user/self' && method(init) === 'DELETE' ? ok(null) : undefined))
    const { router } = await renderPage()
    fireEvent.click(screen.getByTestId('open-delete-account'))
    const dialog = await screen.findByTestId('delete-account-dialog')
    const input = within(dialog).getByLabelText('Type your username alice to confirm')
    for (const typed of ['', 'Alice', 'alice ', 'alic']) {
      fireEvent.change(input, { target: { value: typed } })
      fireEvent.click(within(dialog).getByTestId('delete-account-submit'))
      expect(await within(dialog).findByText('Please enter your account name to confirm deletion')).toBeVisible()
    }
    expect(calls.some((call) => method(call.init) === 'DELETE')).toBe(false)
    fireEvent.change(input, { target: { value: 'alice' } })
    fireEvent.click(within(dialog).getByTestId('delete-account-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(calls.some((call) => call.url === '/api/user/self' && method(call.init) === 'DELETE')).toBe(true)
    expect(calls.some((call) => call.url === '/api/user/logout' && method(call.init) === 'POST')).toBe(true)
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('generates an access token after the warning and shows it once', async () => {
    const calls = serve((url) => (url === '/api/user/token' ? ok('TOKEN1234567890abcdefTOKEN123456') : undefined))
    await renderPage()
    fireEvent.click(screen.getByTestId('open-access-token'))
    const dialog = await screen.findByTestId('access-token-dialog')
    expect(within(dialog).getByText(/replaces the old one/)).toBeVisible()
    expect(calls.some((call) => call.url === '/api/user/token')).toBe(false)
    fireEvent.click(within(dialog).getByTestId('access-token-generate'))
    expect(((await within(dialog).findByTestId('access-token-value')) as HTMLInputElement).value).toBe(
      'TOKEN1234567890abcdefTOKEN123456'
    )
    expect(calls.filter((call) => call.url === '/api/user/token').map((call) => method(call.init))).toEqual(['POST'])
  })

  it('checks the change-password form before calling the server', async () => {
    const calls = serve((url, init) => (url === '/api/user/self' && method(init) === 'PUT' ? ok(null) : undefined))
    await renderPage()
    fireEvent.click(screen.getByTestId('open-change-password'))
    const dialog = await screen.findByTestId('change-password-dialog')
    const set = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })
    // The current password is required: the server refuses a change without it.
    set('New password', 'newpassword1')
    set('Confirm new password', 'newpassword1')
    fireEvent.click(within(dialog).getByTestId('change-password-submit'))
    expect(await within(dialog).findByText('Please enter your current password')).toBeVisible()
    expect(calls.some((call) => call.url === '/api/user/self' && method(call.init) === 'PUT')).toBe(false)
    set('Current password', 'oldpassword')
    set('Confirm new password', 'newpassword2')
    fireEvent.click(within(dialog).getByTestId('change-password-submit'))
    expect(await within(dialog).findByText('The two passwords differ')).toBeVisible()
    set('Confirm new password', 'newpassword1')
    fireEvent.click(within(dialog).getByTestId('change-password-submit'))
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/user/self' && method(call.init) === 'PUT')).toBe(true)
    )
    const call = calls.find((c) => c.url === '/api/user/self' && method(c.init) === 'PUT')!
    expect(JSON.parse(String(call.init.body))).toEqual({ password: 'newpassword1', original_password: 'oldpassword' })
  })

  it('saves webhook settings: https only, the saved secret kept when left blank', async () => {
    const calls = serve((url, init) => (url === '/api/user/setting' && method(init) === 'PUT' ? ok(null) : undefined))
    await renderPage()
    const card = screen.getByTestId('notify-card')
    const url = within(card).getByLabelText('Webhook URL') as HTMLInputElement
    expect(url.value).toBe('https://hooks.example.com/q')
    expect(within(card).getByText('A secret is saved; leave blank to keep it')).toBeVisible()
    fireEvent.change(url, { target: { value: 'http://hooks.example.com/q' } })
    fireEvent.click(within(card).getByTestId('notify-save'))
    expect(await within(card).findByText('The webhook URL must start with https://')).toBeVisible()
    expect(calls.some((call) => call.url === '/api/user/setting')).toBe(false)
    fireEvent.change(url, { target: { value: 'https://hooks.example.com/new' } })
    fireEvent.click(within(card).getByTestId('threshold-preset-5000000'))
    fireEvent.click(within(card).getByTestId('notify-save'))
    await waitFor(() => expect(calls.some((call) => call.url === '/api/user/setting')).toBe(true))
    const call = calls.find((c) => c.url === '/api/user/setting')!
    expect(JSON.parse(String(call.init.body))).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 5_000_000,
      webhook_url: 'https://hooks.example.com/new',
    })
  })

  it('reports a refused notification setting', async () => {
    serve((url) => (url === '/api/user/setting' ? fail('The webhook URL is not allowed') : undefined))
    await renderPage()
    const card = screen.getByTestId('notify-card')
    fireEvent.click(within(card).getByTestId('notify-type-email'))
    fireEvent.change(within(card).getByLabelText('Notification email'), { target: { value: 'ops@example.com' } })
    fireEvent.click(within(card).getByTestId('notify-save'))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update notification settings failed: The webhook URL is not allowed')
    )
  })

  it('shows only the enabled outside accounts', async () => {
    serveApi(
      (url, init) => {
        if (url === '/api/user/self' && method(init) === 'GET') return ok({ ...self, github_id: 'octocat' })
        if (url === '/api/user/models') return ok([])
        return undefined
      },
      {
        github_oauth: true,
        github_client_id: 'gh-client',
        linuxdo_oauth: false,
        wechat_login: true,
        telegram_oauth: false,
      }
    )
    await renderPage()
    expect(screen.getByTestId('binding-email-value').textContent).toBe('alice@example.com')
    expect(screen.getByTestId('binding-github-value').textContent).toBe('octocat')
    expect((screen.getByTestId('bind-github') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('binding-wechat-value').textContent).toBe('Not bound')
    expect(screen.queryByTestId('binding-linuxdo')).toBeNull()
    expect(screen.queryByTestId('binding-telegram')).toBeNull()
    expect(await screen.findByText('No models are available to you yet')).toBeVisible()
  })
})

describe('ModelsCard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  const renderCard = () => renderFeaturePage(<ModelsCard />)

  it('collapses after 10 and remembers the expanded state in localStorage', async () => {
    serveApi((url) => (url === '/api/user/models' ? ok(models) : undefined))
    const first = renderCard()
    const list = await screen.findByTestId('models-list')
    expect(within(list).getAllByRole('button')).toHaveLength(10)
    fireEvent.click(screen.getByText('Show all 14'))
    expect(within(screen.getByTestId('models-list')).getAllByRole('button')).toHaveLength(14)
    expect(localStorage.getItem('modelsExpanded')).toBe('true')
    first.unmount()

    renderCard()
    await screen.findByTestId('models-list')
    expect(within(screen.getByTestId('models-list')).getAllByRole('button')).toHaveLength(14)
    fireEvent.click(screen.getByText('Collapse'))
    expect(within(screen.getByTestId('models-list')).getAllByRole('button')).toHaveLength(10)
    expect(localStorage.getItem('modelsExpanded')).toBe('false')
  })

  it('has no toggle for 10 models or fewer', async () => {
    serveApi((url) => (url === '/api/user/models' ? ok(models.slice(0, 10)) : undefined))
    renderCard()
    await screen.findByTestId('models-list')
    expect(screen.queryByTestId('models-toggle')).toBeNull()
  })
})

describe('EmailBindDialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })
  afterEach(() => vi.useRealTimers())

  const renderDialog = () => renderFeaturePage(<EmailBindDialog open onOpenChange={() => {}} currentEmail="" />)

  it('requires the email and the code, then binds with both', async () => {
    const calls = serveApi((url) => (url.startsWith('/api/oauth/email/bind') ? ok(null) : undefined))
    renderDialog()
    fireEvent.click(screen.getByTestId('send-email-code'))
    expect(await screen.findByText('Please enter email')).toBeVisible()
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'new@example.com' } })
    fireEvent.click(screen.getByTestId('bind-email-submit'))
    expect(await screen.findByText('Please enter email verification code')).toBeVisible()
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByTestId('bind-email-submit'))
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/oauth/email/bind?email=new%40example.com&code=123456')).toBe(true)
    )
  })

  it('counts down 30 seconds before the code can be sent again', async () => {
    // Timeouts are faked from the start: the countdown ticks with them (and so does react-query's
    // notification batching, hence the zero-time flushes).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const flush = async () => {
      for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(0))
    }
    const calls = serveApi((url) => (url.startsWith('/api/verification') ? ok(null) : undefined))
    renderDialog()
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'new@example.com' } })
    fireEvent.click(screen.getByTestId('send-email-code'))
    await flush()
    const button = screen.getByTestId('send-email-code') as HTMLButtonElement
    expect(button.textContent).toBe('Resend (30)')
    expect(button.disabled).toBe(true)
    expect(calls.filter((call) => call.url.startsWith('/api/verification?email=new%40example.com'))).toHaveLength(1)
    for (let second = 29; second >= 1; second--) {
      await act(() => vi.advanceTimersByTimeAsync(1000))
      expect(button.textContent).toBe(`Resend (${second})`)
      expect(button.disabled).toBe(true)
    }
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(button.textContent).toBe('Get code')
    expect(button.disabled).toBe(false)
  })
})
