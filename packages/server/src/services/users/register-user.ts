import { AUTO_GROUP, formatQuota, LogType, MAX_QUOTA, TOKEN_NAME_MAX, type RegisterInput } from '@gateway/shared'
import { isUniqueViolation } from '../../db/errors.ts'
import { insertLog } from '../../db/queries/logs.ts'
import {
  addInviteReward,
  findUserByAffCode,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
} from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { logTextColumns } from '../../i18n/log-text.ts'
import { translate } from '../../i18n/messages.ts'
import { nowSeconds } from '../../lib/time.ts'
import { balanceLimitError } from '../balance-limit.ts'
import type { Services } from '../container.ts'
import { createToken } from '../tokens/create-token.ts'
import { newAffCode } from './aff-code.ts'
import { hashPassword } from './password.ts'

type RegisterCommand = Required<Pick<RegisterInput, 'username' | 'password'>> &
  Pick<RegisterInput, 'email' | 'verification_code' | 'aff_code'>

/**
 * Creates an account from the register form. New users get QuotaForNewUser; with a valid invite
 * code they also get QuotaForInvitee and their inviter earns QuotaForInviter as invite reward.
 * The user row and the inviter's counters change in one transaction.
 */
export async function registerUser(services: Services, command: RegisterCommand): Promise<number> {
  const { options, db } = services
  if (!options.bool('RegisterEnabled')) throw new AppError('DENIED', 'register.disabled')
  if (!options.bool('PasswordRegisterEnabled')) throw new AppError('DENIED', 'register.password_disabled')

  let email = ''
  if (options.bool('EmailVerificationEnabled')) {
    email = (command.email ?? '').trim().toLowerCase()
    const code = command.verification_code ?? ''
    if (!email || !code) throw new AppError('BAD_REQUEST', 'register.email_required')
    if (!(await services.verificationCodes.consume('register', email, code)))
      throw new AppError('BAD_REQUEST', 'register.code_invalid')
    if (await isEmailTaken(db, email)) throw new AppError('CONFLICT', 'register.email_taken')
  }
  if (await isUsernameTaken(db, command.username)) throw new AppError('CONFLICT', 'user.username_taken')

  const inviter = command.aff_code ? await findUserByAffCode(db, command.aff_code) : undefined
  const newUserQuota = options.number('QuotaForNewUser')
  const inviteeQuota = inviter ? options.number('QuotaForInvitee') : 0
  const inviterReward = inviter ? options.number('QuotaForInviter') : 0
  // A new account has no balance yet, so its starting gift is the whole of it.
  if (newUserQuota + inviteeQuota > MAX_QUOTA) throw balanceLimitError(options)
  const password = await hashPassword(command.password)

  let userId: number
  let rewarded = false
  try {
    userId = await db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, services.dialect, {
        username: command.username,
        password,
        display_name: command.username,
        email,
        quota: newUserQuota + inviteeQuota,
        inviter_id: inviter?.id ?? 0,
        aff_code: newAffCode(),
      })
      if (inviter) rewarded = await addInviteReward(trx, inviter.id, inviterReward)
      return id
    })
  } catch (error) {
    // Two people racing for the same name: the unique index decides, and the loser hears why.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'user.username_taken', {}, { cause: error })
    throw error
  }

  const display = {
    quotaPerUnit: options.number('QuotaPerUnit'),
    displayInCurrency: options.bool('DisplayInCurrencyEnabled'),
  }
  const language = services.env.DEFAULT_LANGUAGE
  const systemLog = (
    user: { id: number; username: string },
    key: 'log.register_gift' | 'log.invitee_gift' | 'log.inviter_reward',
    quota: number
  ) =>
    insertLog(services.logDb, {
      user_id: user.id,
      username: user.username,
      created_at: nowSeconds(),
      type: LogType.system,
      ...logTextColumns(language, key, { quota: formatQuota(quota, display) }),
    })
  if (newUserQuota > 0) await systemLog({ id: userId, username: command.username }, 'log.register_gift', newUserQuota)
  if (inviteeQuota > 0) await systemLog({ id: userId, username: command.username }, 'log.invitee_gift', inviteeQuota)
  if (inviter && rewarded && inviterReward > 0) await systemLog(inviter, 'log.inviter_reward', inviterReward)
  if (services.env.GENERATE_DEFAULT_TOKEN) await createDefaultToken(services, userId, command.username)
  return userId
}

/**
 * GENERATE_DEFAULT_TOKEN: the token the reference gives each user who registers with a password,
 * unlimited and never expiring (the 500,000 it names is its remaining quota, unused while unlimited),
 * in the auto group when new tokens default to it.
 */
async function createDefaultToken(services: Services, userId: number, username: string): Promise<void> {
  await createToken(
    services,
    { id: userId, group: '' },
    {
      name: translate('users.default_token_name', services.env.DEFAULT_LANGUAGE, { username }).slice(0, TOKEN_NAME_MAX),
      remain_quota: 500_000,
      unlimited_quota: true,
      expired_time: -1,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: services.options.bool('DefaultUseAutoGroup') ? AUTO_GROUP : '',
      // the reference's default token leaves it off
      cross_group_retry: false,
    }
  )
}
