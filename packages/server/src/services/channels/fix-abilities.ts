import type { FixAbilitiesResult } from '@gateway/shared'
import { deleteOrphanAbilities } from '../../db/queries/abilities.ts'
import { listChannelsWithoutAbilities } from '../../db/queries/channels.ts'
import type { Services } from '../container.ts'
import { abilitiesOf, rebuildAbilities } from './rebuild-abilities.ts'

/**
 * POST /api/channel/fix: deletes abilities whose channel is gone and rebuilds those of channels
 * that have none. Answers how many channels got their abilities back; the rebuild is one
 * transaction, so none fails on its own (`fails` is the reference's count of those).
 */
export async function fixAbilities(services: Services): Promise<FixAbilitiesResult> {
  const fixed = await services.db.transaction().execute(async (trx) => {
    await deleteOrphanAbilities(trx)
    // A channel with no models or groups has no abilities by nature; it is not counted as fixed.
    const missing = (await listChannelsWithoutAbilities(trx)).filter((channel) => abilitiesOf(channel).length > 0)
    await rebuildAbilities(trx, services.dialect, missing)
    return missing.length
  })
  await services.changes.publish({ kind: 'channels' })
  return { success: fixed, fails: 0 }
}
