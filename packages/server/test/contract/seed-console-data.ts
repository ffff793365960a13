import { LogType, Role } from '@gateway/shared'
import { insertReturningId } from '../../src/db/insert-id.ts'
import type { Harness, TestUser } from '../harness.ts'
import { addChannel, addToken } from '../relay-fixtures.ts'

export interface ConsoleData {
  root: TestUser
  admin: TestUser
  alice: TestUser
  bob: TestUser
  /** accounts the delete routes remove: one deletes itself, the admin deletes the other */
  leaving: TestUser
  removed: TestUser
  tokenIds: number[]
  /** alice's first token, for the routes that sign in with a key */
  aliceKey: string
  channelIds: number[]
  /** another signed-in browser of alice's, for the session routes */
  aliceOtherSession: string
  /** a channel nothing else uses, for the delete route */
  spareChannelId: number
  redemptionIds: number[]
}

const HOUR = 3600

/**
 * A console with something on every page, so that each list answers rows and not just an empty
 * array: users of every role, tokens, channels (one tagged, one disabled), consume logs, hourly
 * rollups, redemption codes (one used), a top-up order, options, Suno tasks and Midjourney jobs.
 */
export async function seedConsoleData(h: Harness, upstreamUrl: string): Promise<ConsoleData> {
  const { db, logDb, dialect } = h.services
  const now = Math.floor(Date.now() / 1000)
  const hour = now - (now % HOUR)
  const root = await h.setupRoot()
  const admin = await h.createUser(Role.admin)
  const alice = await h.createUser(Role.user, { quota: 5_000_000 })
  const bob = await h.createUser(Role.user, { quota: 1_000_000 })
  const leaving = await h.createUser(Role.user)
  const removed = await h.createUser(Role.user)
  await db.updateTable('users').set({ aff_quota: 1_000_000 }).where('id', '=', alice.id).execute()
  // A second sign-in of alice's: the sessions list then holds one that is not the caller's.
  const other = await h.login(alice.username, alice.password)
  const sessions = await h.request('GET', '/api/user/sessions', { as: alice })
  const aliceOtherSession = ((sessions.json?.data ?? []) as { id: string; current: boolean }[]).find(
    (session) => !session.current
  )?.id as string
  if (!other.cookie || !aliceOtherSession) throw new Error('the second sign-in did not start a session')

  const tokens = []
  for (const name of ['main', 'backup', 'ci']) tokens.push(await addToken(h, alice.id, { name, remainQuota: 500_000 }))
  const tokenIds = tokens.map((token) => token.id)
  await addToken(h, bob.id, { name: 'bob-main' })

  const channelIds = [
    await addChannel(h, {
      name: 'openai-a',
      type: 1,
      baseUrl: upstreamUrl,
      models: 'gpt-4o-mini,gpt-4o',
      groups: 'default',
    }),
    await addChannel(h, {
      name: 'openai-b',
      type: 1,
      baseUrl: upstreamUrl,
      models: 'gpt-4o-mini',
      groups: 'default,vip',
    }),
    await addChannel(h, {
      name: 'claude',
      type: 14,
      baseUrl: upstreamUrl,
      models: 'claude-3-5-haiku',
      groups: 'default',
    }),
  ]
  await db.updateTable('channels').set({ tag: 'team-a' }).where('id', 'in', channelIds.slice(0, 2)).execute()
  const spareChannelId = await addChannel(h, {
    name: 'spare',
    type: 1,
    baseUrl: upstreamUrl,
    models: 'gpt-4o-mini',
    groups: 'default',
  })
  const disabledId = await addChannel(h, {
    name: 'retired',
    type: 1,
    baseUrl: upstreamUrl,
    models: 'gpt-4o-mini',
    groups: 'default',
  })
  await db.updateTable('channels').set({ status: 2 }).where('id', '=', disabledId).execute()

  const logs = [alice, alice, alice, bob].map((user, i) => ({
    user_id: user.id,
    username: user.username,
    created_at: now - i * 60,
    type: LogType.consume,
    content: '',
    token_name: 'main',
    token_id: tokenIds[0] as number,
    model_name: 'gpt-4o-mini',
    quota: 1200 + i,
    prompt_tokens: 100,
    completion_tokens: 20,
    use_time: 2,
    is_stream: i % 2 === 0,
    channel_id: channelIds[0] as number,
    group: 'default',
    ip: '203.0.113.7',
    other: JSON.stringify({
      model_ratio: 0.075,
      group_ratio: 1,
      frt: 420,
      admin_info: { use_channel: [channelIds[0]] },
    }),
  }))
  await logDb.insertInto('logs').values(logs).execute()
  await db
    .insertInto('quota_data')
    .values([
      {
        user_id: alice.id,
        username: alice.username,
        model_name: 'gpt-4o-mini',
        created_at: hour,
        token_used: 360,
        count: 3,
        quota: 3603,
      },
      {
        user_id: alice.id,
        username: alice.username,
        model_name: 'gpt-4o',
        created_at: hour - HOUR,
        token_used: 120,
        count: 1,
        quota: 5000,
      },
      {
        user_id: bob.id,
        username: bob.username,
        model_name: 'gpt-4o-mini',
        created_at: hour,
        token_used: 120,
        count: 1,
        quota: 1203,
      },
    ])
    .execute()

  const redemptionIds: number[] = []
  for (const [i, name] of ['welcome', 'promo', 'gift'].entries()) {
    redemptionIds.push(
      await insertReturningId(
        db.insertInto('redemptions').values({
          user_id: root.id,
          key: `contractcode${i}${'x'.repeat(20)}`,
          name,
          quota: 100_000,
          created_time: now,
        }),
        dialect
      )
    )
  }
  await db
    .updateTable('redemptions')
    .set({ status: 3, redeemed_time: now, used_user_id: bob.id })
    .where('id', '=', redemptionIds[2] as number)
    .execute()
  await db
    .insertInto('top_ups')
    .values({
      user_id: alice.id,
      amount: 10,
      money: 72,
      trade_no: 'USR1NOcontract',
      create_time: now,
      status: 'success',
      payment_method: 'alipay',
      complete_time: now,
    })
    .execute()

  // Online top-up through EPay, so that the wallet's calls answer an order and not "top-up is off".
  for (const [key, value] of Object.entries({
    ServerAddress: 'https://gw.example.com',
    PayAddress: 'https://pay.example.com/',
    EpayId: '1001',
    EpayKey: 'contract-epay-key',
    Price: '7.3',
  })) {
    await h.services.options.set(key, value)
  }
  await h.services.options.set('Notice', 'Maintenance on Sunday')
  await h.services.options.set('About', 'About this gateway')
  await h.services.options.set('HomePageContent', 'Welcome')
  await h.services.options.set('GroupRatio', JSON.stringify({ default: 1, vip: 1.5 }))

  for (const [i, user] of [alice, alice, bob].entries()) {
    await db
      .insertInto('tasks')
      .values({
        created_at: now - i,
        updated_at: now - i,
        task_id: `suno-task-${i}`,
        platform: 'suno',
        user_id: user.id,
        channel_id: channelIds[0] as number,
        quota: 300,
        action: 'MUSIC',
        status: 'SUCCESS',
        submit_time: now - i,
        start_time: now - i,
        finish_time: now - i,
        progress: '100%',
        properties: JSON.stringify({ input: 'a song' }),
        data: JSON.stringify([{ id: 'clip', audio_url: 'https://example.com/a.mp3' }]),
      })
      .execute()
    await db
      .insertInto('midjourneys')
      .values({
        code: 1,
        user_id: user.id,
        action: 'IMAGINE',
        mj_id: `mj-${i}`,
        prompt: 'a cat',
        prompt_en: 'a cat',
        state: '',
        submit_time: (now - i) * 1000,
        start_time: (now - i) * 1000,
        finish_time: (now - i) * 1000,
        image_url: 'https://example.com/cat.png',
        status: 'SUCCESS',
        progress: '100%',
        channel_id: channelIds[0] as number,
        quota: 5000,
        buttons: '[]',
        properties: '{}',
      })
      .execute()
  }
  return {
    root,
    admin,
    alice,
    bob,
    leaving,
    removed,
    tokenIds,
    aliceKey: tokens[0]?.key as string,
    aliceOtherSession,
    channelIds,
    spareChannelId,
    redemptionIds,
  }
}
