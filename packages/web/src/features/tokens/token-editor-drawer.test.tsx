import { fail, makeToken, method, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { TokenEditorDrawer, type TokenEditorTarget } from './token-editor-drawer'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string
const t = (key: string, options?: Record<string, unknown>) => translate(`tokens:${key}`, options)

function open(target: TokenEditorTarget, onClose = vi.fn()) {
  renderFeaturePage(<TokenEditorDrawer target={target} onClose={onClose} />)
  return onClose
}

/** The form is a lazy chunk of its own: wait for it before reading its fields. */
const formShown = () => screen.findByTestId('token-editor-submit')

const submit = () => fireEvent.click(screen.getByTestId('token-editor-submit'))
const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

function serveDefaults(extra?: Parameters<typeof serveApi>[0]) {
  return serveApi(
    (url, init, body) => {
      const answer = extra?.(url, init, body)
      if (answer) return answer
      if (url.startsWith('/api/user/models')) return ok(['gpt-4o', 'claude-3'])
      if (url.startsWith('/api/user/self/groups'))
        return ok({ default: { ratio: 1, desc: 'Default' }, vip: { ratio: 2, desc: 'VIP' } })
      return undefined
    },
    { quota_per_unit: 500_000, display_in_currency: true }
  )
}

describe('TokenEditorDrawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.clearAllMocks()
  })

  it('opens in create mode with the defaults and sets quota from a USD preset', async () => {
    serveDefaults()
    open({ mode: 'create' })
    await formShown()
    expect(screen.getByRole('heading', { name: t('editor.createTitle') })).toBeVisible()
    const quota = screen.getByLabelText(t('editor.remainQuota')) as HTMLInputElement
    expect(quota.value).toBe('500000')
    expect((screen.getByLabelText(t('editor.count')) as HTMLInputElement).value).toBe('1')
    fireEvent.click(screen.getByRole('button', { name: '$10' }))
    expect(quota.value).toBe('5000000')
    fireEvent.click(screen.getByRole('button', { name: '30' }))
    expect((screen.getByLabelText(t('editor.count')) as HTMLInputElement).value).toBe('30')
    fireEvent.click(screen.getByRole('button', { name: t('editor.picks.day') }))
    expect((screen.getByLabelText(t('editor.expires')) as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
    )
    // The groups come from the server, the blank option is the user's own group.
    await screen.findByRole('option', { name: /vip \(ratio 2\)/ })
  })

  it('shows each validation message inline and sends nothing', async () => {
    const calls = serveDefaults()
    open({ mode: 'create' })
    await formShown()
    change(t('editor.name'), 'x'.repeat(31))
    change(t('editor.remainQuota'), '-5')
    change(t('editor.expires'), '2024-13-01 00:00:00')
    change(t('editor.count'), '101')
    submit()
    expect(await screen.findByText(t('validation.nameTooLong'))).toBeVisible()
    expect(screen.getByText(translate('common:validation.quotaNegative'))).toBeVisible()
    expect(screen.getByText('invalid expiry date')).toBeVisible()
    expect(screen.getByText(translate('common:validation.countRange'))).toBeVisible()
    change(t('editor.remainQuota'), '1.5')
    expect(screen.getByText(translate('common:validation.quotaInteger'))).toBeVisible()
    change(t('editor.remainQuota'), '')
    expect(screen.getByText(translate('common:validation.quotaRequired'))).toBeVisible()
    change(t('editor.name'), 'x'.repeat(24))
    change(t('editor.count'), '3')
    expect(screen.getByText(t('validation.nameTooLongBatch'))).toBeVisible()
    expect(calls.filter((call) => method(call.init) === 'POST')).toHaveLength(0)
  })

  it('shows the expiry message in Chinese as the spec words it', async () => {
    await i18n.changeLanguage('zh')
    serveDefaults()
    open({ mode: 'create' })
    await formShown()
    change(i18n.t('tokens:editor.expires'), 'not a date')
    submit()
    expect(await screen.findByText('过期时间格式错误！')).toBeVisible()
  })

  it('creates a batch: the first with the name, the others with a random suffix', async () => {
    const calls = serveDefaults((url, init, body) =>
      url === '/api/token/' && method(init) === 'POST' ? ok(makeToken(body as never)) : undefined
    )
    const onClose = open({ mode: 'create' })
    await formShown()
    change(t('editor.name'), 'app')
    change(t('editor.count'), '3')
    fireEvent.click(screen.getByRole('switch', { name: t('editor.modelLimitsEnabled') }))
    fireEvent.click(await screen.findByRole('checkbox', { name: 'gpt-4o' }))
    change(t('editor.allowIps'), '10.0.0.1')
    submit()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const posts = calls.filter((call) => method(call.init) === 'POST').map((call) => JSON.parse(String(call.init.body)))
    expect(posts.map((post) => post.name)).toEqual([
      'app',
      expect.stringMatching(/^app-[A-Za-z0-9]{6}$/),
      expect.stringMatching(/^app-[A-Za-z0-9]{6}$/),
    ])
    expect(posts[0]).toMatchObject({
      remain_quota: 500_000,
      expired_time: -1,
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
      allow_ips: '10.0.0.1',
    })
    expect(toast.success).toHaveBeenCalledWith(t('toast.createdMany', { count: 3 }))
  })

  it('stops a batch at the first failure and says how many were created', async () => {
    let posts = 0
    serveDefaults((url, init) => {
      if (url !== '/api/token/' || method(init) !== 'POST') return undefined
      posts += 1
      return posts === 3 ? fail('quota exceeded') : ok(makeToken())
    })
    open({ mode: 'create' })
    await formShown()
    change(t('editor.count'), '5')
    submit()
    await waitFor(() => expect(toast.error).toHaveBeenCalled())
    expect(posts).toBe(3)
    expect(toast.error).toHaveBeenCalledWith(t('toast.partial', { created: 2, total: 5, message: 'quota exceeded' }))
  })

  it('opens in edit mode prefilled from GET /api/token/:id and saves with PUT', async () => {
    const token = makeToken({
      id: 7,
      name: 'prod',
      remain_quota: 1234,
      unlimited_quota: false,
      group: 'vip',
      allow_ips: '1.1.1.1',
    })
    const calls = serveDefaults((url, init) => {
      if (url === '/api/token/7') return ok(token)
      if (url === '/api/token/' && method(init) === 'PUT') return ok(token)
      return undefined
    })
    const onClose = open({ mode: 'edit', id: 7 })
    expect(screen.getByRole('heading', { name: t('editor.editTitle') })).toBeVisible()
    const name = (await screen.findByLabelText(t('editor.name'))) as HTMLInputElement
    expect(name.value).toBe('prod')
    expect((screen.getByLabelText(t('editor.remainQuota')) as HTMLInputElement).value).toBe('1234')
    expect((screen.getByLabelText(t('editor.allowIps')) as HTMLTextAreaElement).value).toBe('1.1.1.1')
    expect(screen.queryByLabelText(t('editor.count'))).toBeNull()
    await waitFor(() => expect((screen.getByLabelText(t('editor.group')) as HTMLSelectElement).value).toBe('vip'))
    fireEvent.click(screen.getByRole('switch', { name: t('editor.unlimited') }))
    expect(screen.queryByLabelText(t('editor.remainQuota'))).toBeNull()
    submit()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const put = calls.find((call) => method(call.init) === 'PUT')!
    expect(JSON.parse(String(put.init.body))).toMatchObject({
      id: 7,
      name: 'prod',
      unlimited_quota: true,
      group: 'vip',
    })
    expect(toast.success).toHaveBeenCalledWith(t('toast.updated'))
    expect(within(document.body).queryByText(translate('common:validation.quotaRequired'))).toBeNull()
  })

  it('offers cross-group retry for the auto group only, and saves what was chosen', async () => {
    const token = makeToken({ id: 8, name: 'auto-key', group: 'auto', cross_group_retry: true })
    const calls = serveDefaults((url, init) => {
      if (url.startsWith('/api/user/self/groups'))
        return ok({
          default: { ratio: 1, desc: 'Default' },
          vip: { ratio: 2, desc: 'VIP' },
          auto: { ratio: 1, desc: 'Auto' },
        })
      if (url === '/api/token/8') return ok(token)
      if (url === '/api/token/' && method(init) === 'PUT') return ok(token)
      return undefined
    })
    const onClose = open({ mode: 'edit', id: 8 })
    await waitFor(() => expect((screen.getByLabelText(t('editor.group')) as HTMLSelectElement).value).toBe('auto'))
    const retry = screen.getByRole('switch', { name: t('editor.crossGroupRetry') })
    expect(retry.getAttribute('aria-checked')).toBe('true')
    expect(screen.getByText(t('editor.crossGroupRetryHint'))).toBeVisible()
    fireEvent.click(retry)
    submit()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const put = calls.find((call) => method(call.init) === 'PUT')!
    expect(JSON.parse(String(put.init.body))).toMatchObject({ id: 8, group: 'auto', cross_group_retry: false })
  })

  it('hides cross-group retry for another group and sends it off', async () => {
    const calls = serveDefaults((url, init, body) => {
      if (url.startsWith('/api/user/self/groups'))
        return ok({
          default: { ratio: 1, desc: 'Default' },
          vip: { ratio: 2, desc: 'VIP' },
          auto: { ratio: 1, desc: 'Auto' },
        })
      return url === '/api/token/' && method(init) === 'POST' ? ok(makeToken(body as never)) : undefined
    })
    await i18n.changeLanguage('zh')
    const onClose = open({ mode: 'create' })
    await formShown()
    await screen.findByRole('option', { name: /vip/ })
    change(i18n.t('tokens:editor.group'), 'auto')
    expect(screen.getByRole('switch', { name: '跨分组重试' }).getAttribute('aria-checked')).toBe('true')
    change(i18n.t('tokens:editor.group'), 'vip')
    expect(screen.queryByRole('switch', { name: '跨分组重试' })).toBeNull()
    submit()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const post = calls.find((call) => method(call.init) === 'POST')!
    expect(JSON.parse(String(post.init.body))).toMatchObject({ group: 'vip', cross_group_retry: false })
  })
})
