import { ChannelStatus } from '@gateway/shared'
import { deleteAbilitiesOfChannels } from '../../db/queries/abilities.ts'
import { deleteChannelRows, listChannelIds } from '../../db/queries/channels.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'

/** Deletes channels and their abilities in one transaction; returns how many channels existed. */
export async function deleteChannels(services: Services, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)]
  const deleted = await services.db.transaction().execute(async (trx) => {
    await deleteAbilitiesOfChannels(trx, unique)
    return deleteChannelRows(trx, unique)
  })
  if (deleted > 0) await services.changes.publish({ kind: 'channels' })
  return deleted
}

/** DELETE /api/channel/:id */
export async function deleteChannel(services: Services, id: number): Promise<void> {
  if ((await deleteChannels(services, [id])) === 0) throw new AppError('NOT_FOUND', 'channel.not_found')
}

/** DELETE /api/channel/disabled: every manually or automatically disabled channel, with its abilities. */
export async function deleteDisabledChannels(services: Services): Promise<number> {
  const deleted = await services.db.transaction().execute(async (trx) => {
    const ids = await listChannelIds(trx, { statuses: [ChannelStatus.manuallyDisabled, ChannelStatus.autoDisabled] })
    await deleteAbilitiesOfChannels(trx, ids)
    return deleteChannelRows(trx, ids)
  })
  if (deleted > 0) await services.changes.publish({ kind: 'channels' })
  return deleted
}
