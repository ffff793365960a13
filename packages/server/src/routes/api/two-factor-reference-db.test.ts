import { generate } from 'otplib'
import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../../test/harness.ts'
import { createReferenceDatabase, type ReferenceDatabase } from '../../../test/reference-db/index.ts'
import { columnsOf } from '../../db/migrations/table-shape.ts'
import { toUnixSeconds } from '../../db/queries/passkeys.ts'
import { translate } from '../../i18n/messages.ts'

/**
 * Two-factor sign-in on a database the reference wrote (engine from TEST_SQL_DSN): its time
 * columns are datetimes, where writing unix seconds is a type error on PostgreSQL and strict MySQL.
 */
let ref: ReferenceDatabase | undefined
let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  await ref?.drop()
  h = undefined
  ref = undefined
}, 30_000)

const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 })
const datetimeTypes = ['datetime', 'timestamp with time zone']
const nearNow = (value: unknown) => Math.abs((toUnixSeconds(value as Date | string) ?? 0) - Date.now() / 1000) < 300

describe('two-factor on a reference database (current)', () => {
  it('enrols, confirms, signs in with a code and a backup code, and turns off; the reference factor signs in too', async () => {
    ref = await createReferenceDatabase('current')
    // The reference enrols with 160-bit secrets (32 base32 characters); the kit's 80-bit one is below
    // what the TOTP library accepts, so the root's factor gets one of the reference's length, in the clear.
    const rootSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const raw = await ref.open()
    await raw.db
      .updateTable('two_fas' as never)
      .set({ secret: rootSecret } as never)
      .where('user_id' as never, '=', ref.fixture.users.root.id as never)
      .execute()
    await raw.close()
    h = await createHarness({ env: ref.env })
    const harness = h
    const db = harness.services.db
    const dialect = harness.services.dialect
    // The reference's datetime columns are left as they are.
    for (const [table, names] of [
      ['two_fas', ['locked_until', 'last_used_at', 'created_at', 'updated_at']],
      ['two_fa_backup_codes', ['used_at', 'created_at']],
    ] as const) {
      const columns = await columnsOf(db as never, dialect, table)
      for (const name of names)
        expect(datetimeTypes, `${table}.${name}`).toContain(columns.find((c) => c.name === name)?.type)
    }

    const { user: alice, root } = ref.fixture.users
    const signedIn = await harness.login(alice.username, alice.password)
    const me: TestUser = {
      id: alice.id,
      username: alice.username,
      password: alice.password,
      role: alice.role,
      cookie: signedIn.cookie,
    }

    const setup = await harness.request('POST', '/api/user/2fa/setup', { as: me })
    expect(setup.json?.success, setup.text).toBe(true)
    const { secret, backup_codes: backupCodes } = setup.json!.data as { secret: string; backup_codes: string[] }
    const enable = await harness.request('POST', '/api/user/2fa/enable', {
      as: me,
      body: { code: await codeAt(secret) },
    })
    expect(enable.json?.success, enable.text).toBe(true)
    const factor = await db.selectFrom('two_fas').selectAll().where('user_id', '=', alice.id).executeTakeFirstOrThrow()
    expect([
      Boolean(factor.is_enabled),
      nearNow(factor.created_at),
      nearNow(factor.updated_at),
      nearNow(factor.last_used_at),
    ]).toEqual([true, true, true, true])

    const passwordStep = async (user: { username: string; password: string }) => {
      const login = await harness.request('POST', '/api/user/login', {
        body: { username: user.username, password: user.password },
      })
      expect(login.json?.data, login.text).toEqual({ require_2fa: true })
      return /two_fa_login=[^;,]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? ''
    }
    const codeStep = (flow: string, code: string) =>
      harness.request('POST', '/api/user/login/2fa', { headers: { cookie: flow }, body: { code } })

    const withCode = await codeStep(await passwordStep(alice), await codeAt(secret, 1))
    expect(withCode.json?.data?.id, withCode.text).toBe(alice.id)
    const withBackup = await codeStep(await passwordStep(alice), backupCodes[0] as string)
    expect(withBackup.json?.data?.id, withBackup.text).toBe(alice.id)
    const spent = await db
      .selectFrom('two_fa_backup_codes')
      .select(['is_used', 'used_at', 'created_at'])
      .where('user_id', '=', alice.id)
      .where('is_used', '=', true)
      .execute()
    expect(spent.map((row) => [nearNow(row.used_at), nearNow(row.created_at)])).toEqual([[true, true]])

    const off = await harness.request('POST', '/api/user/2fa/disable', { as: me, body: { code: backupCodes[1] } })
    expect([off.json?.success, off.json?.message], off.text).toEqual([true, translate('two_factor.disabled', 'zh')])
    expect(await db.selectFrom('two_fas').select('id').where('user_id', '=', alice.id).execute()).toEqual([])

    // The factor the reference enrolled (its secret in the clear, its times datetimes) signs in and is stamped.
    const asRoot = await codeStep(await passwordStep(root), await codeAt(rootSecret))
    expect(asRoot.json?.data?.id, asRoot.text).toBe(root.id)
    const rootFactor = await db
      .selectFrom('two_fas')
      .select(['last_used_at', 'updated_at'])
      .where('user_id', '=', root.id)
      .executeTakeFirstOrThrow()
    expect([nearNow(rootFactor.last_used_at), nearNow(rootFactor.updated_at)]).toEqual([true, true])
  }, 60_000)
})
