import { ChannelStatus, splitCommaList, uniqueItems, type Channel } from '@gateway/shared'

/** A table row: one channel, or (tag mode) a tag folding its channels. */
export type ChannelRow =
  | { kind: 'channel'; id: string; channel: Channel; /** shown under an expanded tag */ nested?: boolean }
  | { kind: 'tag'; id: string; tag: string; channels: Channel[] }

/**
 * Tag mode: the server returns whole tags (and untagged channels); fold each tag into one row,
 * followed by its channels when the tag is expanded. Otherwise one row per channel.
 */
export function buildRows(items: Channel[], tagMode: boolean, expanded: ReadonlySet<string>): ChannelRow[] {
  const channelRow = (channel: Channel, nested = false): ChannelRow => ({
    kind: 'channel',
    id: String(channel.id),
    channel,
    nested,
  })
  if (!tagMode) return items.map((channel) => channelRow(channel))
  const rows: ChannelRow[] = []
  const tags = new Map<string, Channel[]>()
  for (const channel of items) {
    const tag = channel.tag?.trim()
    if (!tag) {
      rows.push(channelRow(channel))
      continue
    }
    let group = tags.get(tag)
    if (!group) {
      group = []
      tags.set(tag, group)
      rows.push({ kind: 'tag', id: `tag:${tag}`, tag, channels: group })
    }
    group.push(channel)
  }
  return rows.flatMap((row) =>
    row.kind === 'tag' && expanded.has(row.tag)
      ? [row, ...row.channels.map((channel) => channelRow(channel, true))]
      : [row]
  )
}

/** What a tag row shows in place of a single channel's values. */
export function tagSummary(channels: Channel[]) {
  const enabled = channels.filter((channel) => channel.status === ChannelStatus.enabled).length
  return {
    status: enabled === channels.length ? 'enabled' : enabled === 0 ? 'disabled' : 'mixed',
    groups: uniqueItems(channels.flatMap((channel) => splitCommaList(channel.group))).join(','),
    models: uniqueItems(channels.flatMap((channel) => splitCommaList(channel.models))).join(','),
    types: uniqueItems(channels.map((channel) => String(channel.type))).map(Number),
    usedQuota: channels.reduce((sum, channel) => sum + channel.used_quota, 0),
    priority: channels[0]?.priority ?? 0,
    weight: channels[0]?.weight ?? 0,
  } as const
}
