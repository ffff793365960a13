import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { addChannel, addToken, settle } from '../../../test/relay-fixtures.ts'
import { OutboundBlockedError } from '../../lib/outbound/outbound-errors.ts'
import { createNotificationTransport, type NotificationTransport } from './deliver-notification.ts'
import { fillPlaceholders, type Notification } from './notification.ts'

let mock: MockUpstream
let h: Harness
let user: TestUser
const sent: { via: string; to: string; secret?: string; notification: Notification }[] = []
const transport: NotificationTransport = {
  webhook: async (to, secret, notification) => void sent.push({ via: 'webhook', to, secret, notification }),
  email: async (to, notification) => void sent.push({ via: 'email', to, notification }),
}

beforeAll(async () => {
  mock = await startMockUpstream({ completionTokens: 100 })
})
afterAll(async () => {
  await mock.stop()
})
beforeEach(() => {
  sent.length = 0
})
harnessPerTest(
  async (made) => {
    h = made
    await h.setupRoot()
    await addChannel(h, { baseUrl: mock.url })
  },
  () => ({ notificationTransport: transport })
)

const chat = (key: string) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], max_tokens: 100 },
    headers: { authorization: `Bearer ${key}` },
  })

describe('quota warnings', () => {
  it('warns by webhook once when the balance crosses the threshold, then not again within two hours', async () => {
    // Each request costs 30; the threshold of 100 is crossed on the 4th request (130 -> 100 -> ... ).
    user = await h.createUser(1, { quota: 190 })
    await h.services.db
      .updateTable('users')
      .set({
        email: 'u@example.com',
        setting: JSON.stringify({
          notify_type: 'webhook',
          quota_warning_threshold: 100,
          webhook_url: 'https://hooks.example.com/q',
          webhook_secret: 's3cret',
        }),
      })
      .where('id', '=', user.id)
      .execute()
    await h.services.changes.publish({ kind: 'user', id: user.id })
    const { key } = await addToken(h, user.id)
    for (let i = 0; i < 5; i++) {
      await chat(key)
      await settle(h)
    }
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ via: 'webhook', to: 'https://hooks.example.com/q', secret: 's3cret' })
    const notification = sent[0]?.notification as Notification
    expect(notification).toMatchObject({ type: 'quota_exceed', values: ['$0.00014', '$0.0002'] })
    expect(notification.content.match(/\{\{value\}\}/g)).toHaveLength(2)
    expect(fillPlaceholders(notification.content, notification.values)).toContain('$0.00014')
    expect(notification.timestamp).toBeGreaterThan(0)
  })

  it('warns by email with the option threshold when the user set none', async () => {
    await h.services.options.set('QuotaRemindThreshold', '50')
    user = await h.createUser(1, { quota: 70 })
    await h.services.db.updateTable('users').set({ email: 'me@example.com' }).where('id', '=', user.id).execute()
    await h.services.changes.publish({ kind: 'user', id: user.id })
    const { key } = await addToken(h, user.id)
    await chat(key)
    await settle(h)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ via: 'email', to: 'me@example.com' })
  })
})

describe('the real webhook transport', () => {
  it('refuses plain http and private or metadata addresses before connecting', async () => {
    const real = createNotificationTransport(h.services.options)
    const notification: Notification = { type: 'quota_exceed', title: 't', content: 'c', values: [], timestamp: 0 }
    await expect(real.webhook('http://hooks.example.com/x', '', notification)).rejects.toThrow(/https/)
    await expect(real.webhook('https://127.0.0.1/x', '', notification)).rejects.toBeInstanceOf(OutboundBlockedError)
    await expect(real.webhook('https://169.254.169.254/latest', '', notification)).rejects.toBeInstanceOf(
      OutboundBlockedError
    )
  })
})
