import { fail, method, ok, serveApi } from '@test/api'
import { renderWithRouter } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { SettingPage } from './setting-page'
import type { SettingTab } from './setting-tabs'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string
const t = (key: string, options?: Record<string, unknown>) => translate(`settings:${key}`, options)

const stored: Record<string, string> = {
  SystemName: 'New API',
  Logo: '',
  Notice: '',
  HomePageContent: '',
  About: '',
  Footer: '',
  ServerAddress: 'https://gw.example.com',
  PayAddress: '',
  EpayId: '',
  Price: '7.3',
  MinTopUp: '1',
  TopupGroupRatio: '{"default":1}',
  PayMethods: '[]',
  CustomCallbackAddress: '',
  SMTPServer: 'smtp.example.com',
  SMTPPort: '587',
  SMTPAccount: '',
  SMTPFrom: '',
  SMTPSSLEnabled: 'false',
  PasswordLoginEnabled: 'true',
  SessionIdleTimeoutMinutes: '10080',
  ResponsesStoreRetentionHours: '168',
  MetricsAccess: 'off',
  GroupRatio: '{"default":1}',
  UserUsableGroups: '{"default":"Default"}',
  GroupGroupRatio: '{}',
  LogConsumeEnabled: 'true',
}

type Put = { key: string; value: string }

function serve(options: { failKeys?: string[]; secrets?: Record<string, boolean> } = {}) {
  const puts: Put[] = []
  const deletes: string[] = []
  serveApi((url, init, body) => {
    if (url === '/api/option/model_catalog') return ok([])
    if (url.startsWith('/api/option/secrets'))
      return ok(Object.entries(options.secrets ?? {}).map(([key, set]) => ({ key, set })))
    if (url.startsWith('/api/option/') && method(init) === 'GET')
      return ok(Object.entries(stored).map(([key, value]) => ({ key, value })))
    if (url.startsWith('/api/option/') && method(init) === 'PUT') {
      const put = body as Put
      puts.push(put)
      return options.failKeys?.includes(put.key) ? fail(`bad ${put.key}`, 400) : ok(put)
    }
    if (url.startsWith('/api/log/') && method(init) === 'DELETE') {
      deletes.push(url)
      return ok(12)
    }
    return undefined
  })
  return { puts, deletes }
}

async function open(tab: SettingTab, role = 100) {
  localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', role, status: 1 }))
  return renderWithRouter(<SettingPage tab={tab} />, `/setting?tab=${tab}`)
}

const field = (name: string) => screen.getByTestId(`option-${name}`) as HTMLInputElement

beforeEach(async () => {
  await i18n.changeLanguage('en')
  vi.clearAllMocks()
  localStorage.clear()
})

describe('SettingPage access', () => {
  it('shows no tabs to a plain user', async () => {
    serve()
    await open('operation', 1)
    expect(screen.getByTestId('settings-forbidden')).toBeVisible()
    expect(screen.queryByRole('tablist')).toBeNull()
    expect(screen.queryByTestId('setting-panel-operation')).toBeNull()
  })

  it('shows the tabs to an admin but explains that only the root may change them', async () => {
    const calls = serve()
    await open('system', 10)
    expect(screen.getAllByRole('tab')).toHaveLength(5)
    expect(screen.getByTestId('settings-root-only')).toBeVisible()
    expect(screen.queryByTestId('setting-panel-system')).toBeNull()
    expect(calls.puts).toHaveLength(0)
  })

  it('shows the panel to the root', async () => {
    serve()
    await open('other')
    expect(await screen.findByTestId('setting-panel-other')).toBeVisible()
  })
})

describe('option forms', () => {
  it('saves only the changed key and reports success', async () => {
    const { puts } = serve()
    await open('other')
    const name = await waitFor(() => {
      const input = field('SystemName')
      expect(input.value).toBe('New API')
      return input
    })
    fireEvent.change(name, { target: { value: 'My Gateway' } })
    fireEvent.click(screen.getByTestId('save-system-name'))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('form.saved')))
    expect(puts).toEqual([{ key: 'SystemName', value: 'My Gateway' }])
  })

  it('says nothing changed and sends nothing', async () => {
    const { puts } = serve()
    await open('other')
    await waitFor(() => expect(field('Logo')).toBeVisible())
    fireEvent.click(screen.getByTestId('save-logo'))
    expect(toast.warning).toHaveBeenCalledWith(t('form.nothingChanged'))
    expect(puts).toHaveLength(0)
  })

  it('checks JSON on blur and refuses to save it', async () => {
    const { puts } = serve()
    await open('operation')
    const ratio = await waitFor(() => {
      const input = field('GroupRatio')
      expect(input.value).toContain('"default": 1')
      return input
    })
    fireEvent.change(ratio, { target: { value: '{"default": 1,' } })
    fireEvent.blur(ratio)
    expect(within(screen.getByTestId('section-group-ratio')).getByRole('alert').textContent).toBe(t('form.invalidJson'))
    fireEvent.click(screen.getByTestId('save-group-ratio'))
    expect(toast.error).toHaveBeenCalledWith(t('form.checkInput'))
    expect(puts).toHaveLength(0)
    // Fixing it clears the error and saves the one key.
    fireEvent.change(ratio, { target: { value: '{"default": 1, "vip": 2}' } })
    fireEvent.blur(ratio)
    expect(within(screen.getByTestId('section-group-ratio')).queryByRole('alert')).toBeNull()
    fireEvent.click(screen.getByTestId('save-group-ratio'))
    await waitFor(() => expect(puts).toEqual([{ key: 'GroupRatio', value: '{"default": 1, "vip": 2}' }]))
  })

  it('uses the spec message for the top-up group ratio', async () => {
    serve()
    await open('system')
    const ratio = await waitFor(() => field('TopupGroupRatio'))
    fireEvent.change(ratio, { target: { value: 'nope' } })
    fireEvent.blur(ratio)
    expect(within(screen.getByTestId('section-payment')).getByRole('alert').textContent).toBe(
      t('system.payment.topupGroupRatioJson')
    )
  })

  it('reports which keys failed when only some saves succeed, keeping the failed edit', async () => {
    const { puts } = serve({ failKeys: ['MinTopUp'] })
    await open('system')
    await waitFor(() => expect(field('Price').value).toBe('7.3'))
    fireEvent.change(field('Price'), { target: { value: '8' } })
    fireEvent.change(field('MinTopUp'), { target: { value: '5' } })
    fireEvent.change(field('PayAddress'), { target: { value: 'https://pay.example.com/' } })
    fireEvent.click(screen.getByTestId('save-payment'))
    await waitFor(() => expect(toast.error).toHaveBeenCalled())
    expect(toast.error.mock.calls[0]![0]).toBe(t('form.partialFailed', { keys: 'MinTopUp' }))
    expect(puts.map((p) => p.key).sort()).toEqual(['MinTopUp', 'PayAddress', 'Price'])
    // Trailing slashes are stripped before sending.
    expect(puts.find((p) => p.key === 'PayAddress')?.value).toBe('https://pay.example.com')
    expect(field('MinTopUp').value).toBe('5')
  })

  it('shows secrets as set or not set, never their value, and sends one only when typed', async () => {
    const { puts } = serve({ secrets: { SMTPToken: true, EpayKey: false } })
    await open('system')
    expect((await screen.findByTestId('option-SMTPToken-state')).textContent).toBe(t('form.secretSet'))
    expect(screen.getByTestId('option-EpayKey-state').textContent).toBe(t('form.secretNotSet'))
    expect(field('SMTPToken').value).toBe('')
    expect(field('SMTPToken').type).toBe('password')
    fireEvent.change(field('SMTPServer'), { target: { value: 'mail.example.com' } })
    fireEvent.click(screen.getByTestId('save-smtp'))
    await waitFor(() => expect(puts).toEqual([{ key: 'SMTPServer', value: 'mail.example.com' }]))
    fireEvent.change(field('SMTPToken'), { target: { value: 'new-pass' } })
    fireEvent.click(screen.getByTestId('save-smtp'))
    await waitFor(() => expect(puts.at(-1)).toEqual({ key: 'SMTPToken', value: 'new-pass' }))
  })

  it('saves the session idle timeout, 0 included, and refuses a negative one', async () => {
    const { puts } = serve()
    await open('system')
    const input = await waitFor(() => {
      const found = field('SessionIdleTimeoutMinutes')
      expect(found.value).toBe('10080')
      return found
    })
    expect(screen.getByText(t('system.sessions.idleTimeoutHint'))).toBeVisible()
    fireEvent.change(input, { target: { value: '-1' } })
    fireEvent.click(screen.getByTestId('save-sessions'))
    expect(await screen.findByText(t('form.minNumber', { min: 0 }))).toBeVisible()
    expect(puts).toHaveLength(0)
    fireEvent.change(input, { target: { value: '0' } })
    fireEvent.click(screen.getByTestId('save-sessions'))
    await waitFor(() => expect(puts).toEqual([{ key: 'SessionIdleTimeoutMinutes', value: '0' }]))
  })

  it('saves how long Responses conversations are kept, 0 included, and refuses a negative one', async () => {
    const { puts } = serve()
    await open('system')
    const input = await waitFor(() => {
      const found = field('ResponsesStoreRetentionHours')
      expect(found.value).toBe('168')
      return found
    })
    expect(screen.getByText(t('system.responsesStore.retentionHint'))).toBeVisible()
    fireEvent.change(input, { target: { value: '-1' } })
    fireEvent.click(screen.getByTestId('save-responses-store'))
    expect(await screen.findByText(t('form.minNumber', { min: 0 }))).toBeVisible()
    expect(puts).toHaveLength(0)
    fireEvent.change(input, { target: { value: '0' } })
    fireEvent.click(screen.getByTestId('save-responses-store'))
    await waitFor(() => expect(puts).toEqual([{ key: 'ResponsesStoreRetentionHours', value: '0' }]))
  })

  it('lets the root open /metrics to a bearer token, sending the secret only when typed', async () => {
    const { puts } = serve({ secrets: { MetricsToken: false } })
    await open('system')
    const access = await waitFor(() => {
      const found = field('MetricsAccess')
      expect(found.value).toBe('off')
      return found
    })
    expect([...(access as unknown as HTMLSelectElement).options].map((o) => [o.value, o.textContent])).toEqual([
      ['off', t('system.metrics.offAccess')],
      ['token', t('system.metrics.tokenAccess')],
      ['public', t('system.metrics.publicAccess')],
    ])
    expect((await screen.findByTestId('option-MetricsToken-state')).textContent).toBe(t('form.secretNotSet'))
    fireEvent.change(access, { target: { value: 'token' } })
    fireEvent.change(field('MetricsToken'), { target: { value: 'scrape-secret' } })
    fireEvent.click(screen.getByTestId('save-metrics'))
    await waitFor(() =>
      expect(puts).toEqual([
        { key: 'MetricsAccess', value: 'token' },
        { key: 'MetricsToken', value: 'scrape-secret' },
      ])
    )
  })

  it('asks before turning password login off', async () => {
    const { puts } = serve()
    await open('system')
    const toggle = await waitFor(() => {
      const element = screen.getByTestId('option-PasswordLoginEnabled')
      expect(element.getAttribute('aria-checked')).toBe('true')
      return element
    })
    fireEvent.click(toggle)
    expect(await screen.findByTestId('confirm-dialog')).toBeVisible()
    expect(puts).toHaveLength(0)
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'))
    await waitFor(() => expect(puts).toEqual([{ key: 'PasswordLoginEnabled', value: 'false' }]))
  })

  it('lets the root hand channel writes to admins, off by default, with its help text', async () => {
    const { puts } = serve()
    await open('system')
    const toggle = await waitFor(() => {
      const element = screen.getByTestId('option-AdminChannelWriteEnabled')
      expect(element.getAttribute('aria-checked')).toBe('false')
      expect(element.hasAttribute('disabled')).toBe(false)
      return element
    })
    const section = screen.getByTestId('section-channel-write')
    expect(within(section).getByText(t('system.channelWrite.AdminChannelWriteEnabled'))).toBeVisible()
    expect(within(section).getByText(t('system.channelWrite.description'))).toBeVisible()
    fireEvent.click(toggle)
    await waitFor(() => expect(puts).toEqual([{ key: 'AdminChannelWriteEnabled', value: 'true' }]))
  })

  it('needs a date before cleaning logs, then confirms and sends the timestamp', async () => {
    const { deletes } = serve()
    await open('operation')
    fireEvent.click(await screen.findByTestId('log-cleanup'))
    expect(toast.error).toHaveBeenCalledWith(t('operation.log.chooseDate'))
    fireEvent.change(screen.getByTestId('log-cleanup-date'), { target: { value: '2026-01-02' } })
    fireEvent.click(screen.getByTestId('log-cleanup'))
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('operation.log.cleaned', { count: 12 })))
    const expected = Math.floor(new Date('2026-01-02T00:00:00').getTime() / 1000)
    expect(deletes).toEqual([`/api/log/?target_timestamp=${expected}`])
  })
})
