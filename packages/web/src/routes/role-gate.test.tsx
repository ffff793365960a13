import { Role } from '@gateway/shared'
import { mockFetch } from '@test/render'
import { renderAppAt } from '@test/render-app'
import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { setStoredUser } from '@/lib/session'
import { defaultStatus } from '@/lib/status'

const emptyPage = { items: [], total: 0, page: 1, page_size: 10 }

function serve() {
  return mockFetch((url) => {
    if (url.startsWith('/api/status')) return { body: { success: true, message: '', data: defaultStatus } }
    if (url.startsWith('/api/setup'))
      return { body: { success: true, message: '', data: { status: true, root_init: true, database_type: 'sqlite' } } }
    if (url.startsWith('/api/option')) return { body: { success: true, message: '', data: [] } }
    if (/^\/api\/(channel|redemption|user)\/(\?|$)/.test(url))
      return { body: { success: true, message: '', data: emptyPage } }
    return { body: { success: true, message: '', data: [] } }
  })
}

const open = (path: string) => renderAppAt(path)

/** Each admin page, the title it shows when allowed, and the calls that fetch its data. */
const restricted = [
  { path: '/channel', title: 'Channels', data: /^\/api\/channel\// },
  { path: '/channel/add', title: 'Channels', data: /^\/api\/channel\// },
  { path: '/redemption', title: 'Redemption codes', data: /^\/api\/redemption\// },
  { path: '/user', title: 'User management', data: /^\/api\/user\/(\?|search|\d)/ },
  { path: '/user/edit/3', title: 'User management', data: /^\/api\/user\/(\?|search|\d)/ },
  { path: '/setting', title: 'System settings', data: /^\/api\/option/ },
]

const roles = [
  { name: 'user', role: Role.user, allowed: false },
  { name: 'admin', role: Role.admin, allowed: true },
  { name: 'root', role: Role.root, allowed: true },
]

beforeEach(async () => {
  await i18n.changeLanguage('en')
  localStorage.clear()
})

describe('route guard', () => {
  for (const { name, role, allowed } of roles) {
    for (const { path, title, data } of restricted) {
      it(`${allowed ? 'lets' : 'keeps'} the ${name} ${allowed ? 'into' : 'out of'} ${path}`, async () => {
        const calls = serve()
        setStoredUser({ id: 1, username: name, display_name: name, role, status: 1, group: 'default' })
        const router = await open(path)
        expect(router.state.location.pathname).toBe(path)
        if (allowed) {
          expect((await screen.findAllByTestId('page-title'))[0]!.textContent).toBe(title)
          expect(screen.queryByTestId('no-permission')).toBeNull()
        } else {
          expect((await screen.findByTestId('no-permission')).textContent).toContain('No permission')
          expect(screen.getByTestId('page-title').textContent).toBe('No permission')
          // The console layout stays around it, without the admin entries; the dashboard is off by default, so back leads to the tokens.
          expect(screen.getByTestId('sidebar').textContent).not.toContain('Channels')
          expect(screen.getByTestId('no-permission-back').getAttribute('href')).toBe('/token')
          expect(calls.filter((call) => data.test(call.url)).map((call) => call.url)).toEqual([])
        }
      })
    }
  }

  it('leaves the pages every user has alone', async () => {
    serve()
    setStoredUser({ id: 1, username: 'alice', display_name: 'Alice', role: Role.user, status: 1, group: 'default' })
    await open('/token')
    expect((await screen.findByTestId('page-title')).textContent).toBe('API tokens')
    expect(screen.queryByTestId('no-permission')).toBeNull()
  })

  it('speaks Chinese too', async () => {
    await i18n.changeLanguage('zh')
    serve()
    setStoredUser({ id: 1, username: 'alice', display_name: 'Alice', role: Role.user, status: 1, group: 'default' })
    await open('/setting')
    expect((await screen.findByTestId('page-title')).textContent).toBe('无权访问')
    expect(screen.getByTestId('no-permission-back').textContent).toBe('返回控制台')
  })
})
