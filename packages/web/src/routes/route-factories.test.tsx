import { mockFetch } from '@test/render'
import { renderAppAt } from '@test/render-app'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { setStoredUser } from '@/lib/session'
import { defaultStatus } from '@/lib/status'

/**
 * The features build their own routes (features/<name>/<name>-route.tsx) and read their params and
 * search without naming the full route id: each case opens an address of the real route tree and
 * checks that the page got the value from it, by the call it makes or what it shows.
 */
function serve() {
  return mockFetch((url) => {
    if (url.startsWith('/api/status')) return { body: { success: true, message: '', data: defaultStatus } }
    return { body: { success: true, message: '', data: null } }
  })
}

const root = { id: 1, username: 'root', display_name: 'Root', role: 100, status: 1, group: 'default' }
// Pages are lazy chunks: their first import takes a while in jsdom.
const slow = { timeout: 10_000 }
const TEST_TIMEOUT = 15_000

describe('feature routes', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it(
    'opens the channel editor for the id in the address, and the copy source of /channel/add',
    async () => {
      setStoredUser(root)
      let calls = serve()
      await renderAppAt('/channel/edit/5')
      await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/channel/5'), slow)
      calls = serve()
      await renderAppAt('/channel/add?copy=7')
      await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/channel/7'), slow)
    },
    TEST_TIMEOUT
  )

  it(
    'opens the user editor for the id in the address',
    async () => {
      setStoredUser(root)
      const calls = serve()
      await renderAppAt('/user/edit/3')
      await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/user/3'), slow)
    },
    TEST_TIMEOUT
  )

  it(
    'opens the settings tab the address names',
    async () => {
      setStoredUser(root)
      serve()
      await renderAppAt('/setting?tab=system')
      await waitFor(
        () => expect(screen.getByTestId('setting-tab-system').getAttribute('aria-selected')).toBe('true'),
        slow
      )
    },
    TEST_TIMEOUT
  )
})
