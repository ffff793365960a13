import type { AdminUser, Status, Token } from '@gateway/shared'
import { defaultStatus } from '@/lib/status'
import { mockFetch } from './render'

/** API fakes shared by the console's tests: answers, the /api/status stub and sample rows. */

export const ok = (data: unknown) => ({ body: { success: true, message: '', data } })
export const fail = (message: string, status = 200) => ({ status, body: { success: false, message } })

type Reply = { status?: number; body?: unknown }
type Handler = (url: string, init: RequestInit, body: unknown) => Reply | undefined

/**
 * Serves /api/status with `status` (also cached in localStorage so the first render sees it),
 * then asks `handler`; anything it does not answer gets an empty success.
 */
export function serveApi(handler: Handler, status: Partial<Status> = {}) {
  const fullStatus = { ...defaultStatus, ...status }
  localStorage.setItem('status', JSON.stringify(fullStatus))
  return mockFetch((url, init) => {
    if (url.startsWith('/api/status')) return ok(fullStatus)
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    return handler(url, init, body) ?? ok(null)
  })
}

export const method = (init: RequestInit) => (init.method ?? 'GET').toUpperCase()

export function makeToken(overrides: Partial<Token> = {}): Token {
  return {
    id: 1,
    user_id: 1,
    name: 'alpha',
    // Lists carry masked keys; the full one comes from POST /api/token/:id/key.
    key: 'sk-abcd**********KLMN',
    status: 1,
    created_time: 1_700_000_000,
    accessed_time: 0,
    expired_time: -1,
    remain_quota: 500_000,
    used_quota: 0,
    unlimited_quota: false,
    model_limits_enabled: false,
    model_limits: '',
    allow_ips: '',
    cross_group_retry: false,
    group: '',
    auto_groups: null,
    ...overrides,
  }
}

/** A row of the admin user list: alice, a plain user with some use, unless told otherwise. */
export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 2,
    username: 'alice',
    display_name: 'Alice',
    role: 1,
    status: 1,
    group: 'default',
    email: '',
    quota: 1_000_000,
    used_quota: 250_000,
    request_count: 12,
    aff_code: 'abcd',
    aff_count: 3,
    aff_quota: 0,
    aff_history_quota: 0,
    inviter_id: 0,
    github_id: '',
    wechat_id: '',
    telegram_id: '',
    linux_do_id: '',
    discord_id: '',
    oidc_id: '',
    stripe_customer: '',
    setting: '',
    password: '',
    remark: '',
    created_at: 0,
    last_login_at: 0,
    DeletedAt: null,
    ...overrides,
  }
}

export const page = <T>(items: T[], total = items.length) => ok({ items, total, page: 1, page_size: 10 })
