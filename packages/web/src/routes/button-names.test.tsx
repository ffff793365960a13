import type { Channel, Log, Redemption } from '@gateway/shared'
import { makeAdminUser, makeToken, ok, serveApi } from '@test/api'
import { renderAppAt } from '@test/render-app'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { setStoredUser } from '@/lib/session'

/**
 * Every button of the main list pages (shell, toolbar, rows, pager) has an accessible name, in both
 * languages: an icon-only button without one is announced as just "button" by a screen reader.
 */
const listOf = <T,>(items: T[]) => ok({ items, total: 25, page: 1, page_size: 10 })

const redemption: Redemption = {
  id: 1,
  user_id: 1,
  key: '0123456789abcdef0123456789abcdef',
  status: 1,
  name: 'promo',
  quota: 100_000,
  created_time: 1_700_000_000,
  redeemed_time: 0,
  used_user_id: 0,
  expired_time: 0,
  count: 0,
}

const user = makeAdminUser()

const channel: Channel = {
  id: 1,
  type: 1,
  key: '',
  openai_organization: null,
  test_model: null,
  status: 1,
  name: 'alpha',
  weight: 0,
  created_time: 0,
  test_time: 0,
  response_time: 800,
  base_url: '',
  other: '',
  balance: 0,
  balance_updated_time: 0,
  models: 'gpt-4o',
  group: 'default',
  used_quota: 0,
  model_mapping: '',
  status_code_mapping: '',
  priority: 0,
  auto_ban: 1,
  other_info: '',
  tag: 'team',
  setting: '',
  settings: '',
  param_override: '',
  header_override: '',
  remark: '',
  max_input_tokens: 0,
  private_network: 0,
  channel_info: {
    is_multi_key: false,
    multi_key_size: 0,
    multi_key_status_list: null,
    multi_key_polling_index: 0,
    multi_key_mode: '',
  },
}

const log: Log = {
  id: 1,
  user_id: 7,
  created_at: 1_700_000_000,
  type: 2,
  content: 'model ratio 1.25',
  username: 'alice',
  token_name: 'main',
  model_name: 'gpt-4o',
  quota: 1500,
  prompt_tokens: 1000,
  completion_tokens: 200,
  use_time: 150,
  is_stream: true,
  channel: 3,
  channel_name: 'openai-main',
  token_id: 1,
  group: 'default',
  ip: '',
  request_id: '',
  upstream_request_id: '',
  other: JSON.stringify({ model_ratio: 1.25, completion_ratio: 4, group_ratio: 1, model_price: -1 }),
}

function serve() {
  return serveApi((url) => {
    if (url.startsWith('/api/token/'))
      return listOf([makeToken({ id: 1, name: 'alpha' }), makeToken({ id: 2, name: 'beta', status: 2 })])
    if (url.startsWith('/api/redemption/'))
      return listOf([redemption, { ...redemption, id: 2, name: 'spent', status: 3 }])
    if (url.startsWith('/api/user/?') || url.startsWith('/api/user/search'))
      return listOf([user, { ...user, id: 3, username: 'bob', status: 2 }])
    if (url.startsWith('/api/channel/?') || url.startsWith('/api/channel/search'))
      return listOf([channel, { ...channel, id: 2, name: 'beta', tag: null }])
    if (url.startsWith('/api/log/stat')) return ok({ quota: 500_000, rpm: 3, tpm: 1234 })
    if (url.startsWith('/api/log/')) return ok({ items: [log], total: 25, page: 1, page_size: 10, total_capped: false })
    if (url.startsWith('/api/group/')) return ok(['default', 'vip'])
    return undefined
  })
}

/** Each list page, and a text that shows its rows are rendered. */
const pages = [
  { path: '/token', row: 'beta' },
  { path: '/redemption', row: 'spent' },
  { path: '/user', row: 'bob' },
  { path: '/channel', row: 'alpha' },
  { path: '/log', row: 'gpt-4o' },
]

describe.each(['zh', 'en'])('button names (%s)', (language) => {
  beforeEach(async () => {
    await i18n.changeLanguage(language)
    setStoredUser({ id: 1, username: 'root', display_name: 'Root', role: 100, status: 1, group: 'default' })
  })

  it.each(pages)(
    'every button on $path has an accessible name',
    async ({ path, row }) => {
      serve()
      await renderAppAt(path)
      // Lazy page chunks take a while to import in jsdom the first time.
      await waitFor(() => expect(screen.getAllByText(row).length).toBeGreaterThan(0), { timeout: 10_000 })
      const buttons = screen.getAllByRole('button')
      // The shell, the toolbar, the rows' actions and the pager: far more than a handful.
      expect(buttons.length).toBeGreaterThan(8)
      const unnamed = screen.queryAllByRole('button', { name: (name) => name.trim() === '' })
      expect(unnamed.map((button) => button.outerHTML.replace(/ class="[^"]*"/g, '').slice(0, 200))).toEqual([])
    },
    20_000
  )
})
