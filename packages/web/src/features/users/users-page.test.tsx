import type { AdminUser } from '@gateway/shared'
import { fail, makeAdminUser, method, ok, page, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { clearStoredUser, setStoredUser } from '@/lib/session'
import type { UserEditorTarget } from './user-editor-drawer'
import { allowedActions } from './user-permissions'
import type { UserSearch } from './user-search'
import { UsersPage } from './users-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string
const t = (key: string, options?: Record<string, unknown>) => translate(`users:${key}`, options)

const makeUser = (overrides: Partial<AdminUser>) => makeAdminUser({ aff_history_quota: 500_000, ...overrides })

const users = [
  makeUser({ id: 1, username: 'root', display_name: 'root', role: 100 }),
  makeUser({ id: 2 }),
  makeUser({ id: 3, username: 'boss', display_name: 'boss', role: 10 }),
  makeUser({ id: 4, username: 'banned', status: 2 }),
  makeUser({ id: 5, username: 'gone', DeletedAt: 1_700_000_000 }),
]

function serve(extra?: Parameters<typeof serveApi>[0]) {
  return serveApi(
    (url, init, body) => {
      const answer = extra?.(url, init, body)
      if (answer) return answer
      if (url.startsWith('/api/user/?') || url.startsWith('/api/user/search')) return page(users)
      if (url.startsWith('/api/group/')) return ok(['default', 'vip'])
      const detail = /^\/api\/user\/(\d+)$/.exec(url)
      if (detail) return ok(users.find((u) => u.id === Number(detail[1])))
      return undefined
    },
    { quota_per_unit: 500_000, display_in_currency: true }
  )
}

function renderPage(search: UserSearch = {}, editor: UserEditorTarget | null = null) {
  const onSearchChange = vi.fn()
  const onEditorChange = vi.fn()
  renderFeaturePage(
    <UsersPage search={search} onSearchChange={onSearchChange} editor={editor} onEditorChange={onEditorChange} />
  )
  return { onSearchChange, onEditorChange }
}

const signedInAs = (role: number) =>
  setStoredUser({ id: 99, username: 'me', display_name: 'Me', role, status: 1, group: 'default' })
const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: '[data-testid="user-username"]' })).closest('tr')!

async function openRowMenu(name: string) {
  const row = await rowOf(name)
  await act(async () => {
    fireEvent.pointerDown(within(row).getByTestId('row-actions-trigger'), { button: 0, pointerType: 'mouse' })
  })
  return screen.findByRole('menu')
}

describe('allowedActions', () => {
  const admin = { role: 10 }
  const root = { role: 100 }
  const base = { status: 1, DeletedAt: null }
  const list = (me: { role: number }, user: Partial<AdminUser>) =>
    [...allowedActions(me, { ...base, role: 1, ...user })].sort()

  it('follows the server rules for each role', () => {
    expect(list(admin, { role: 1 })).toEqual(['delete', 'disable', 'edit'])
    expect(list(admin, { role: 10 })).toEqual([])
    expect(list(admin, { role: 100 })).toEqual([])
    expect(list(root, { role: 1 })).toEqual(['delete', 'disable', 'edit', 'promote'])
    expect(list(root, { role: 10 })).toEqual(['delete', 'demote', 'disable', 'edit'])
    expect(list(root, { role: 100 })).toEqual(['edit'])
    expect(list(root, { status: 2 })).toEqual(['delete', 'edit', 'enable', 'promote'])
    expect(list(root, { status: 3 })).toEqual(['delete', 'edit', 'promote'])
    expect(list(root, { DeletedAt: 1 })).toEqual([])
  })
})

describe('UsersPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    localStorage.clear()
    clearStoredUser()
    vi.clearAllMocks()
  })

  it('lists users with quota, role, status and invite info; a cancelled row offers nothing', async () => {
    signedInAs(100)
    const calls = serve()
    renderPage()
    const alice = await rowOf('alice')
    expect(within(alice).getByText('Alice')).toBeVisible()
    expect(within(alice).getByTestId('user-quota').textContent).toContain('Left $2')
    expect(within(alice).getByTestId('user-quota').textContent).toContain('Used $0.5')
    expect(within(alice).getByTestId('user-role').textContent).toBe(t('role.user'))
    expect(within(alice).getByTestId('user-status').textContent).toBe(t('status.enabled'))
    expect(within(alice).getByText('3')).toBeVisible()
    expect(within(await rowOf('banned')).getByTestId('user-status').textContent).toBe(t('status.disabled'))
    const gone = await rowOf('gone')
    expect(within(gone).getByTestId('user-status').textContent).toBe(t('status.cancelled'))
    expect(within(gone).queryByTestId('row-actions-trigger')).toBeNull()
    expect(within(gone).getByTestId('user-no-actions')).toBeVisible()
    const rootRow = await rowOf('root')
    expect(within(rootRow).getByTestId('user-role').textContent).toBe(t('role.root'))
    // The root's own row: edit only, as a plain button rather than a menu with nothing else in it.
    expect(within(rootRow).queryByTestId('row-actions-trigger')).toBeNull()
    expect(within(rootRow).getByTestId('user-edit-inline')).toBeVisible()
    expect(calls.some((call) => call.url.startsWith('/api/user/?p=1&page_size=10'))).toBe(true)
  })

  it('hides what a regular admin may not do', async () => {
    signedInAs(10)
    serve()
    renderPage()
    for (const name of ['root', 'boss']) {
      const row = await rowOf(name)
      expect(within(row).queryByTestId('row-actions-trigger')).toBeNull()
      expect(within(row).getByTestId('user-no-actions').textContent).toBe(t('actions.noneHigher'))
    }
    const menu = await openRowMenu('alice')
    expect(within(menu).queryByText(t('actions.promote'))).toBeNull()
    expect(within(menu).getByText(t('actions.disable'))).toBeVisible()
    expect(within(menu).getByText(t('actions.delete'))).toBeVisible()
  })

  it('searches by keyword and group through the search endpoint', async () => {
    signedInAs(100)
    const calls = serve()
    const { onSearchChange } = renderPage()
    await rowOf('alice')
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: ' ali ' } })
    await screen.findByRole('option', { name: 'vip' })
    fireEvent.change(screen.getByTestId('users-group-filter'), { target: { value: 'vip' } })
    fireEvent.click(screen.getByTestId('users-search-submit'))
    expect(onSearchChange).toHaveBeenCalledWith({ keyword: 'ali', group: 'vip', p: undefined })
    calls.length = 0
    document.body.innerHTML = ''
    renderPage({ keyword: 'ali', group: 'vip', p: 2 })
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/user/search?'))).toBe(true))
    const url = calls.find((call) => call.url.startsWith('/api/user/search?'))!.url
    expect(url).toContain('keyword=ali')
    expect(url).toContain('group=vip')
    expect(url).toContain('p=2')
  })

  it('confirms an action and posts it; a refusal closes the dialog (the console-wide handler toasts it)', async () => {
    signedInAs(100)
    let refuse = false
    const calls = serve((url, init) => {
      if (url === '/api/user/manage' && method(init) === 'POST')
        return refuse ? fail('该用户已经是管理员') : ok({ role: 10, status: 1 })
      return undefined
    })
    renderPage()
    let menu = await openRowMenu('alice')
    fireEvent.click(within(menu).getByText(t('actions.promote')))
    const dialog = await screen.findByTestId('confirm-dialog')
    expect(within(dialog).getByText(t('confirm.promoteTitle'))).toBeVisible()
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(t('toast.promote', { name: 'alice' })))
    const post = calls.find((call) => call.url === '/api/user/manage')!
    expect(JSON.parse(String(post.init.body))).toEqual({ id: 2, action: 'promote' })

    refuse = true
    menu = await openRowMenu('boss')
    fireEvent.click(within(menu).getByText(t('actions.delete')))
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-confirm'))
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull())
    expect(JSON.parse(String(calls.filter((call) => call.url === '/api/user/manage').at(-1)!.init.body))).toEqual({
      id: 3,
      action: 'delete',
    })
  })

  it('creates a user, requiring username and password', async () => {
    signedInAs(100)
    const calls = serve((url, init) => (url === '/api/user/' && method(init) === 'POST' ? ok(null) : undefined))
    const { onEditorChange } = renderPage({}, { mode: 'create' })
    expect(await screen.findByRole('heading', { name: t('editor.createTitle') })).toBeVisible()
    fireEvent.click(screen.getByTestId('user-editor-submit'))
    expect(await screen.findByText(t('validation.usernameRequired'))).toBeVisible()
    expect(screen.getByText(t('validation.passwordRequired'))).toBeVisible()
    fireEvent.change(screen.getByLabelText(t('editor.username')), { target: { value: 'carol' } })
    fireEvent.change(screen.getByLabelText(t('editor.password')), { target: { value: 'short' } })
    expect(screen.getByText(t('validation.passwordLength'))).toBeVisible()
    fireEvent.change(screen.getByLabelText(t('editor.password')), { target: { value: 'password123' } })
    fireEvent.click(screen.getByTestId('user-editor-submit'))
    await waitFor(() => expect(onEditorChange).toHaveBeenCalledWith(null))
    const post = calls.find((call) => call.url === '/api/user/' && method(call.init) === 'POST')!
    expect(JSON.parse(String(post.init.body))).toEqual({ username: 'carol', display_name: '', password: 'password123' })
  })

  it('edits a user read from GET /api/user/:id and adds a negative quota amount through the dialog', async () => {
    signedInAs(100)
    const calls = serve((url, init) => (url === '/api/user/' && method(init) === 'PUT' ? ok(null) : undefined))
    const { onEditorChange } = renderPage({}, { mode: 'edit', id: 2 })
    const quota = (await screen.findByLabelText(t('editor.quota'))) as HTMLInputElement
    expect(quota.value).toBe('1000000')
    expect(calls.some((call) => call.url === '/api/user/2')).toBe(true)
    fireEvent.click(screen.getByTestId('user-quota-add'))
    const dialog = await screen.findByTestId('user-quota-dialog')
    fireEvent.change(within(dialog).getByTestId('user-quota-amount'), { target: { value: '1.5' } })
    expect(within(dialog).getByText(translate('common:validation.quotaInteger'))).toBeVisible()
    fireEvent.change(within(dialog).getByTestId('user-quota-amount'), { target: { value: '-2000000' } })
    expect(within(dialog).getByText(translate('common:validation.quotaNegative'))).toBeVisible()
    fireEvent.change(within(dialog).getByTestId('user-quota-amount'), { target: { value: '-250000' } })
    expect(within(dialog).getByTestId('user-quota-result').textContent).toContain('750000')
    fireEvent.click(within(dialog).getByTestId('user-quota-apply'))
    expect(quota.value).toBe('750000')
    fireEvent.change(within(screen.getByTestId('user-editor')).getByLabelText(t('editor.group')), {
      target: { value: 'vip' },
    })
    fireEvent.click(screen.getByTestId('user-editor-submit'))
    await waitFor(() => expect(onEditorChange).toHaveBeenCalledWith(null))
    const put = calls.find((call) => call.url === '/api/user/' && method(call.init) === 'PUT')!
    expect(JSON.parse(String(put.init.body))).toEqual({
      id: 2,
      username: 'alice',
      display_name: 'Alice',
      password: '',
      group: 'vip',
      quota: 750_000,
    })
  })

  it('refuses a quota that is not a whole number before saving', async () => {
    signedInAs(100)
    const calls = serve()
    renderPage({}, { mode: 'edit', id: 2 })
    fireEvent.change(await screen.findByLabelText(t('editor.quota')), { target: { value: '12.5' } })
    fireEvent.click(screen.getByTestId('user-editor-submit'))
    expect(await screen.findByText(translate('common:validation.quotaInteger'))).toBeVisible()
    expect(calls.some((call) => method(call.init) === 'PUT')).toBe(false)
  })
})
