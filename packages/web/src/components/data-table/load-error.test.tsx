import { Role } from '@gateway/shared'
import { mockFetch } from '@test/render'
import { renderAppAt } from '@test/render-app'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { setStoredUser } from '@/lib/session'
import { defaultStatus } from '@/lib/status'

const emptyPage = { items: [], total: 0, page: 1, page_size: 10 }

/** Every table page, the call that loads its rows, and an empty successful answer of that call. */
const pages = [
  { path: '/token', list: /^\/api\/token\/\?/, empty: emptyPage },
  { path: '/log', list: /^\/api\/log\/\?/, empty: emptyPage },
  { path: '/midjourney', list: /^\/api\/mj\/\?/, empty: emptyPage },
  { path: '/task', list: /^\/api\/task\/\?/, empty: emptyPage },
  { path: '/channel', list: /^\/api\/channel\/\?/, empty: emptyPage },
  { path: '/redemption', list: /^\/api\/redemption\/\?/, empty: emptyPage },
  { path: '/user', list: /^\/api\/user\/\?/, empty: emptyPage },
  { path: '/pricing', list: /^\/api\/pricing/, empty: [] },
]

type Answer = { status?: number; body?: unknown }

/** Serves the console; the page's list call gets the answers in turn (the last one repeats). */
function serve(list: RegExp, answers: Answer[]) {
  let next = 0
  const calls = mockFetch((url) => {
    if (list.test(url)) return answers[Math.min(next++, answers.length - 1)]!
    if (url.startsWith('/api/status')) return { body: { success: true, message: '', data: defaultStatus } }
    if (url.startsWith('/api/setup'))
      return { body: { success: true, message: '', data: { status: true, root_init: true, database_type: 'sqlite' } } }
    if (url.startsWith('/api/log/stat'))
      return { body: { success: true, message: '', data: { quota: 0, rpm: 0, tpm: 0 } } }
    return { body: { success: true, message: '', data: [] } }
  })
  return { listCalls: () => calls.filter((call) => list.test(call.url)).length }
}

const open = (path: string) => renderAppAt(path)

const ok = (data: unknown): Answer => ({ body: { success: true, message: '', data } })

beforeEach(async () => {
  await i18n.changeLanguage('en')
  localStorage.clear()
  setStoredUser({ id: 1, username: 'root', display_name: 'Root', role: Role.root, status: 1, group: 'default' })
})

describe('a failed table load', () => {
  for (const { path, list, empty } of pages) {
    it(
      `${path}: a 500 shows the error with its status and Retry, never the empty state; Retry loads`,
      { timeout: 20_000 },
      async () => {
        const server = serve(list, [
          { status: 500, body: { success: false, message: 'database is locked' } },
          ok(empty),
        ])
        await open(path)
        // A page's chunk is loaded lazily; under load its first import can take over findBy's default second.
        const error = await screen.findByTestId('load-error', undefined, { timeout: 10_000 })
        expect(error.textContent).toContain('Could not load the data')
        expect(screen.getByTestId('load-error-status').textContent).toBe('(HTTP 500)')
        expect(screen.queryByTestId('data-table-empty')).toBeNull()
        expect(server.listCalls()).toBe(1)

        fireEvent.click(screen.getByTestId('load-error-retry'))
        await waitFor(() => expect(screen.getByTestId('data-table-empty')).toBeVisible())
        expect(server.listCalls()).toBe(2)
        expect(screen.queryByTestId('load-error')).toBeNull()
      }
    )
  }

  it('a 429 names the rate limit and its status', async () => {
    serve(/^\/api\/token\/\?/, [{ status: 429, body: { success: false, message: 'slow down' } }])
    await open('/token')
    await screen.findByTestId('load-error')
    expect(screen.getByTestId('load-error-message').textContent).toBe(
      `${i18n.t('errors:http.tooManyRequests')}(HTTP 429)`
    )
    expect(screen.getByTestId('load-error-retry').textContent).toBe('Retry')
    expect(screen.queryByTestId('data-table-empty')).toBeNull()
  })

  it("shows the server's own message on a refusal, without a status", async () => {
    serve(/^\/api\/token\/\?/, [{ status: 200, body: { success: false, message: 'Your account is disabled' } }])
    await open('/token')
    expect((await screen.findByTestId('load-error-message')).textContent).toBe('Your account is disabled')
    expect(screen.queryByTestId('load-error-status')).toBeNull()
  })

  it('shows the empty state only after a successful answer with no rows', async () => {
    serve(/^\/api\/token\/\?/, [ok(emptyPage)])
    await open('/token')
    expect((await screen.findByTestId('data-table-empty')).textContent).toBe(i18n.t('tokens:empty'))
    expect(screen.queryByTestId('load-error')).toBeNull()
  })

  it('speaks Chinese too', async () => {
    await i18n.changeLanguage('zh')
    serve(/^\/api\/token\/\?/, [{ status: 502 }])
    await open('/token')
    expect((await screen.findByTestId('load-error')).textContent).toContain('数据加载失败')
    expect(screen.getByTestId('load-error-retry').textContent).toBe('重试')
    expect(screen.getByTestId('load-error-status').textContent).toBe('(HTTP 502)')
  })
})
