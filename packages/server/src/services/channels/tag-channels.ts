import { ChannelStatus, type EditTagInput } from '@gateway/shared'
import { patchAbilities } from '../../db/queries/abilities.ts'
import { listChannelIds, listChannelInfos, updateChannels, type ChannelChanges } from '../../db/queries/channels.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { rebuildAbilities } from './rebuild-abilities.ts'

/** POST /api/channel/batch/tag: sets (or, with null or '', clears) the tag of the channels; returns how many exist. */
export async function setChannelsTag(
  services: Services,
  ids: readonly number[],
  tag: string | null | undefined
): Promise<number> {
  const count = await services.db.transaction().execute(async (trx) => {
    const unique = [...new Set(ids)]
    await updateChannels(trx, unique, { tag: tag ? tag : null })
    const channels = await listChannelInfos(trx, unique)
    await rebuildAbilities(trx, services.dialect, channels)
    return channels.length
  })
  if (count > 0) await services.changes.publish({ kind: 'channels' })
  return count
}

/** POST /api/channel/tag/enabled and /tag/disabled: every channel of the tag and its abilities. */
export async function setTagStatus(services: Services, tag: string, enabled: boolean): Promise<number> {
  const status = enabled ? ChannelStatus.enabled : ChannelStatus.manuallyDisabled
  const count = await services.db.transaction().execute(async (trx) => {
    const ids = await listChannelIds(trx, { tag })
    await updateChannels(trx, ids, { status })
    await patchAbilities(trx, ids, { enabled })
    return ids.length
  })
  if (count === 0) throw new AppError('NOT_FOUND', 'channel.not_found')
  await services.changes.publish({ kind: 'channels' })
  return count
}

/**
 * PUT /api/channel/tag: edits every channel of a tag. Blank fields are unchanged (the schema drops
 * them); an empty new_tag dissolves the tag. New models or groups rebuild the abilities; otherwise
 * their copies of tag, priority and weight are patched in place.
 */
export async function editTag(services: Services, input: EditTagInput): Promise<number> {
  const changes: ChannelChanges = {}
  if (input.new_tag !== undefined && input.new_tag !== null && input.new_tag !== input.tag)
    changes.tag = input.new_tag || null
  if (input.priority !== undefined) changes.priority = input.priority
  if (input.weight !== undefined) changes.weight = input.weight
  if (input.model_mapping !== undefined) changes.model_mapping = input.model_mapping
  if (input.models !== undefined) changes.models = input.models
  if (input.groups !== undefined) changes.group = input.groups

  const count = await services.db.transaction().execute(async (trx) => {
    const ids = await listChannelIds(trx, { tag: input.tag })
    if (ids.length === 0) return 0
    await updateChannels(trx, ids, changes)
    if (changes.models !== undefined || changes.group !== undefined) {
      await rebuildAbilities(trx, services.dialect, await listChannelInfos(trx, ids))
    } else {
      const patch: Parameters<typeof patchAbilities>[2] = {}
      if (changes.tag !== undefined) patch.tag = changes.tag
      if (changes.priority !== undefined) patch.priority = changes.priority
      if (changes.weight !== undefined) patch.weight = changes.weight
      await patchAbilities(trx, ids, patch)
    }
    return ids.length
  })
  if (count === 0) throw new AppError('NOT_FOUND', 'channel.not_found')
  await services.changes.publish({ kind: 'channels' })
  return count
}
