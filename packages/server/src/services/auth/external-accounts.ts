import { formatQuota, LogType, MAX_QUOTA, UserStatus, type SessionUser } from '@gateway/shared'
import { isUniqueViolation } from '../../db/errors.ts'
import { insertLog } from '../../db/queries/logs.ts'
import {
  addInviteReward,
  findUserByAffCode,
  findUserByExternalId,
  findUserByIdAnyState,
  insertUser,
  isEmailTakenByOther,
  isExternalIdBound,
  maxUserId,
  setExternalId,
  setUserEmail,
  type UserRow,
} from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { logTextColumns } from '../../i18n/log-text.ts'
import type { MessageKey } from '../../i18n/messages.ts'
import { nowSeconds } from '../../lib/time.ts'
import { balanceLimitError } from '../balance-limit.ts'
import type { Services } from '../container.ts'
import { newAffCode } from '../users/aff-code.ts'
import { toSessionUser } from '../users/session-user.ts'

/** The user columns that hold an outside account's id. */
export type ExternalKind = 'github' | 'linuxdo' | 'wechat' | 'telegram'

const column = { github: 'github_id', linuxdo: 'linux_do_id', wechat: 'wechat_id', telegram: 'telegram_id' } as const
const boundMessage: Record<ExternalKind, MessageKey> = {
  github: 'account.github_bound',
  linuxdo: 'account.linuxdo_bound',
  wechat: 'account.wechat_bound',
  telegram: 'account.telegram_bound',
}

/** Includes cancelled accounts: an id that signed a cancelled account in must not quietly open a new one. */
const findByExternalId = (services: Services, kind: ExternalKind, id: string) =>
  findUserByExternalId(services.db, column[kind], id)

/** Cancelled or banned accounts do not sign in, whatever the method. */
function requireUsable(user: UserRow): SessionUser {
  if (user.deleted_at !== null) throw new AppError('DENIED', 'account.user_deleted')
  if (user.status !== UserStatus.enabled) throw new AppError('DENIED', 'account.user_banned')
  return toSessionUser(user)
}

/** Sign-in with an outside account that must already be bound (Telegram). */
export async function loginBoundOnly(
  services: Services,
  kind: ExternalKind,
  externalId: string,
  notBound: MessageKey
): Promise<SessionUser> {
  const user = await findByExternalId(services, kind, externalId)
  if (!user) throw new AppError('DENIED', notBound)
  return requireUsable(user)
}

export interface NewAccountHints {
  displayName: string
  email: string
  affCode: string
}

/**
 * Sign-in with an outside account: the bound user if there is one, otherwise (when RegisterEnabled)
 * a new user `<kind>_<n>` with the new-user quota, and the invite reward when the state carried a
 * valid invite code - the same rewards as the register form.
 */
export async function loginOrRegister(
  services: Services,
  kind: ExternalKind,
  externalId: string,
  hints: NewAccountHints
): Promise<SessionUser> {
  const existing = await findByExternalId(services, kind, externalId)
  if (existing) return requireUsable(existing)
  if (!services.options.bool('RegisterEnabled')) throw new AppError('DENIED', 'register.disabled')
  return createExternalUser(services, kind, externalId, hints)
}

async function nextUsername(services: Services, kind: ExternalKind, attempt: number): Promise<string> {
  return `${kind}_${(await maxUserId(services.db)) + 1 + attempt}`
}

async function createExternalUser(
  services: Services,
  kind: ExternalKind,
  externalId: string,
  hints: NewAccountHints
): Promise<SessionUser> {
  const { options, db } = services
  const inviter = hints.affCode ? await findUserByAffCode(db, hints.affCode) : undefined
  const newUserQuota = options.number('QuotaForNewUser')
  const inviteeQuota = inviter ? options.number('QuotaForInvitee') : 0
  const inviterReward = inviter ? options.number('QuotaForInviter') : 0
  // A new account has no balance yet, so its starting gift is the whole of it.
  if (newUserQuota + inviteeQuota > MAX_QUOTA) throw balanceLimitError(options)

  for (let attempt = 0; ; attempt++) {
    const username = await nextUsername(services, kind, attempt)
    try {
      let rewarded = false
      const id = await db.transaction().execute(async (trx) => {
        // Checked again inside the transaction: a double-clicked callback must not make two users.
        if (await isExternalIdBound(trx, column[kind], externalId)) throw new AppError('CONFLICT', boundMessage[kind])
        const userId = await insertUser(trx, services.dialect, {
          username,
          password: '',
          display_name: hints.displayName.slice(0, 20) || username,
          email: hints.email,
          [column[kind]]: externalId,
          quota: newUserQuota + inviteeQuota,
          inviter_id: inviter?.id ?? 0,
          aff_code: newAffCode(),
        })
        if (inviter) rewarded = await addInviteReward(trx, inviter.id, inviterReward)
        return userId
      })
      // A reward refused at the inviter's cap (see addInviteReward) leaves no log line.
      await writeGiftLogs(services, { id, username }, inviter, newUserQuota, inviteeQuota, rewarded ? inviterReward : 0)
      const user = await findUserByIdAnyState(db, id)
      if (!user) throw new Error(`user ${id} vanished after it was created`)
      return toSessionUser(user)
    } catch (error) {
      // Another sign-up took the same `<kind>_<n>` name: try the next number.
      if (isUniqueViolation(error) && attempt < 5) continue
      throw error
    }
  }
}

async function writeGiftLogs(
  services: Services,
  user: { id: number; username: string },
  inviter: UserRow | undefined,
  newUserQuota: number,
  inviteeQuota: number,
  inviterReward: number
): Promise<void> {
  const display = {
    quotaPerUnit: services.options.number('QuotaPerUnit'),
    displayInCurrency: services.options.bool('DisplayInCurrencyEnabled'),
  }
  const language = services.env.DEFAULT_LANGUAGE
  const log = (
    who: { id: number; username: string },
    key: 'log.register_gift' | 'log.invitee_gift' | 'log.inviter_reward',
    quota: number
  ) =>
    insertLog(services.logDb, {
      user_id: who.id,
      username: who.username,
      created_at: nowSeconds(),
      type: LogType.system,
      ...logTextColumns(language, key, { quota: formatQuota(quota, display) }),
    })
  if (newUserQuota > 0) await log(user, 'log.register_gift', newUserQuota)
  if (inviteeQuota > 0) await log(user, 'log.invitee_gift', inviteeQuota)
  if (inviter && inviterReward > 0) await log(inviter, 'log.inviter_reward', inviterReward)
}

/**
 * Binds an outside account to the signed-in user. An id already bound to any account (including
 * a cancelled one, or this user) is refused, so one outside account never opens two.
 */
export async function bindExternal(
  services: Services,
  userId: number,
  kind: ExternalKind,
  externalId: string
): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    if (await isExternalIdBound(trx, column[kind], externalId)) throw new AppError('CONFLICT', boundMessage[kind])
    await setExternalId(trx, userId, column[kind], externalId)
  })
}

/** Sets the signed-in user's email after the code mailed to it was checked. */
export async function bindEmail(services: Services, userId: number, email: string): Promise<void> {
  if (await isEmailTakenByOther(services.db, email, userId)) throw new AppError('CONFLICT', 'register.email_taken')
  await setUserEmail(services.db, userId, email)
}
