import type { Log } from '@gateway/shared'
import { fail, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { LogUserDialog } from './log-user-dialog'

const log = { id: 1, user_id: 7, username: 'alice' } as Log

function open() {
  renderFeaturePage(<LogUserDialog log={log} onClose={vi.fn()} onFilter={vi.fn()} />)
  return screen.getByTestId('log-user-dialog')
}

describe('LogUserDialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('shows the account as GET /api/user/:id answers it', async () => {
    const calls = serveApi(
      (url) =>
        url === '/api/user/7'
          ? ok({
              id: 7,
              username: 'alice2',
              display_name: 'Alice',
              role: 10,
              status: 2,
              group: 'vip',
              quota: 1_000_000,
              used_quota: 500_000,
              request_count: 42,
              DeletedAt: null,
            })
          : undefined,
      { quota_per_unit: 500_000, display_in_currency: true }
    )
    const dialog = open()
    expect(await within(dialog).findByText('alice2')).toBeVisible()
    expect(within(dialog).getByText('vip')).toBeVisible()
    expect(within(dialog).getByText('Admin')).toBeVisible()
    expect(within(dialog).getByText('Banned')).toBeVisible()
    expect(within(dialog).getByText('$2')).toBeVisible()
    expect(within(dialog).getByText('42')).toBeVisible()
    expect(calls.some((call) => call.url === '/api/user/7')).toBe(true)
  })

  it('falls back to the row and shows why the account cannot be read', async () => {
    serveApi((url) =>
      url === '/api/user/7' ? fail('You cannot view a user of the same or a higher role', 403) : undefined
    )
    const dialog = open()
    expect((await within(dialog).findByTestId('log-user-unavailable')).textContent).toBe(
      'You cannot view a user of the same or a higher role'
    )
    expect(within(dialog).getByText('alice')).toBeVisible()
    expect(within(dialog).getByText('7')).toBeVisible()
  })
})
