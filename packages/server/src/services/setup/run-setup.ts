import { Role, UserStatus } from '@gateway/shared'
import { isUniqueViolation } from '../../db/errors.ts'
import { insertSetupRow } from '../../db/queries/setups.ts'
import { countRootUsers, insertUser } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { newAffCode } from '../users/aff-code.ts'
import { hashPassword } from '../users/password.ts'

const ROOT_QUOTA = 100_000_000

export interface SetupCommand {
  username: string
  password: string
  SelfUseModeEnabled: boolean
  DemoSiteEnabled: boolean
}

/**
 * The first-run setup: creates the root account with the operator's own password (there is no
 * default account) and records the two site modes. Runs at most once, even when raced. Answers the
 * id of the root it created; undefined when a root already existed (migrated data), whose password
 * this request never proved, so the caller must not sign anyone in then.
 */
export async function runSetup(services: Services, command: SetupCommand): Promise<number | undefined> {
  if (services.setup.done) throw new AppError('BAD_REQUEST', 'setup.already_done')
  const password = await hashPassword(command.password)
  let rootId: number | undefined
  try {
    await services.db.transaction().execute(async (trx) => {
      await insertSetupRow(trx, services.version, nowSeconds())
      if ((await countRootUsers(trx)) > 0) return
      rootId = await insertUser(trx, services.dialect, {
        username: command.username,
        password,
        display_name: 'Root User',
        role: Role.root,
        status: UserStatus.enabled,
        quota: ROOT_QUOTA,
        aff_code: newAffCode(),
      })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('BAD_REQUEST', 'setup.already_done', {}, { cause: error })
    throw error
  }
  await services.options.set('SelfUseModeEnabled', String(command.SelfUseModeEnabled))
  await services.options.set('DemoSiteEnabled', String(command.DemoSiteEnabled))
  services.setup.wrote({ done: true, rootDefaultPassword: false })
  await services.changes.publish({ kind: 'setup' })
  return rootId
}
