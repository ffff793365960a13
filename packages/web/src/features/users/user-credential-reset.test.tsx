import { makeAdminUser, method, ok, page, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { setStoredUser } from '@/lib/session'
import { UsersPage } from './users-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const user = (id: number, username: string, role: number) =>
  makeAdminUser({ id, username, display_name: username, role })

function serve() {
  const deletes: string[] = []
  serveApi((url, init) => {
    if (url.startsWith('/api/user/?')) return page([user(2, 'alice', 1), user(3, 'boss', 10)])
    if (method(init) === 'DELETE') deletes.push(url)
    return method(init) === 'DELETE' ? ok(null) : undefined
  })
  return deletes
}

async function openRowMenu(name: string) {
  const row = (await screen.findByText(name, { selector: '[data-testid="user-username"]' })).closest('tr')!
  await act(async () => {
    fireEvent.pointerDown(within(row).getByTestId('row-actions-trigger'), { button: 0, pointerType: 'mouse' })
  })
  return screen.findByRole('menu')
}

function renderPage(role: number) {
  setStoredUser({ id: 99, username: 'me', display_name: 'Me', role, status: 1, group: 'default' })
  renderFeaturePage(<UsersPage search={{}} onSearchChange={vi.fn()} editor={null} onEditorChange={vi.fn()} />)
}

describe("resetting a user's sign-in factors from the user list", () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    toast.success.mockClear()
  })

  it('asks, then sends DELETE /api/user/:id/2fa for a user below the admin', async () => {
    const deletes = serve()
    renderPage(100)
    const menu = await openRowMenu('alice')
    fireEvent.click(within(menu).getByTestId('user-reset-2fa'))
    const dialog = await screen.findByTestId('confirm-dialog')
    expect(within(dialog).getByText("Turn off this user's two-factor authentication")).toBeVisible()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off 2FA' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Two-factor authentication of alice is off'))
    expect(deletes).toEqual(['/api/user/2/2fa'])
  })

  it('asks, then sends DELETE /api/user/:id/reset_passkey for a user below the admin', async () => {
    const deletes = serve()
    renderPage(100)
    const menu = await openRowMenu('alice')
    fireEvent.click(within(menu).getByTestId('user-reset-passkey'))
    const dialog = await screen.findByTestId('confirm-dialog')
    expect(within(dialog).getByText("Remove this user's passkeys")).toBeVisible()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove passkeys' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The passkeys of alice are removed'))
    expect(deletes).toEqual(['/api/user/2/reset_passkey'])
  })

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh')
    serve()
    renderPage(100)
    const menu = await openRowMenu('alice')
    expect(within(menu).getByTestId('user-reset-passkey').textContent).toBe('移除通行密钥')
    expect(within(menu).getByTestId('user-reset-2fa').textContent).toBe('关闭两步验证')
  })

  it('is not offered to an admin on another admin', async () => {
    serve()
    renderPage(10)
    const menu = await openRowMenu('alice')
    expect(within(menu).getByTestId('user-reset-2fa')).toBeVisible()
    expect(within(menu).getByTestId('user-reset-passkey')).toBeVisible()
    const bossRow = (await screen.findByText('boss', { selector: '[data-testid="user-username"]' })).closest('tr')!
    expect(within(bossRow).queryByTestId('row-actions-trigger')).toBeNull()
  })
})
