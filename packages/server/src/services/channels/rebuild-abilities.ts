import {
  CHANNEL_GROUP_NAME_MAX,
  CHANNEL_MODEL_NAME_MAX,
  ChannelStatus,
  splitCommaList,
  uniqueItems,
} from '@gateway/shared'
import type { Insertable, Transaction } from 'kysely'
import type { DialectName } from '../../db/dsn.ts'
import { deleteAbilitiesOfChannels, insertAbilities } from '../../db/queries/abilities.ts'
import type { ChannelInfo } from '../../db/queries/channels.ts'
import type { AbilitiesTable } from '../../db/schema/channels.ts'
import type { Database } from '../../db/schema/index.ts'

export type AbilitySource = Pick<ChannelInfo, 'id' | 'models' | 'group' | 'status' | 'priority' | 'weight' | 'tag'>

/**
 * The routing rows of one channel: one per group x model of its comma lists (trimmed, repeats and
 * empties dropped), enabled only while the channel is. Names too long for the index columns (only
 * possible in imported rows; input is validated) are skipped rather than failing the rebuild.
 */
export function abilitiesOf(channel: AbilitySource): Insertable<AbilitiesTable>[] {
  const models = uniqueItems(splitCommaList(channel.models)).filter((model) => model.length <= CHANNEL_MODEL_NAME_MAX)
  const groups = uniqueItems(splitCommaList(channel.group)).filter((group) => group.length <= CHANNEL_GROUP_NAME_MAX)
  return groups.flatMap((group) =>
    models.map((model) => ({
      group,
      model,
      channel_id: channel.id,
      enabled: channel.status === ChannelStatus.enabled,
      priority: channel.priority,
      weight: channel.weight,
      tag: channel.tag,
    }))
  )
}

/**
 * Replaces the abilities of the given channels with ones built from their current fields. Takes
 * a transaction, never the pool: the channel write and its routing rows commit or fail together.
 */
export async function rebuildAbilities(
  trx: Transaction<Database>,
  dialect: DialectName,
  channels: readonly AbilitySource[]
): Promise<void> {
  if (channels.length === 0) return
  await deleteAbilitiesOfChannels(
    trx,
    channels.map((channel) => channel.id)
  )
  await insertAbilities(trx, dialect, channels.flatMap(abilitiesOf))
}
