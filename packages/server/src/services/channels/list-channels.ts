import type { Channel, ChannelPage, ListChannelsQuery, SearchChannelsQuery } from '@gateway/shared'
import { listEnabledModels } from '../../db/queries/abilities.ts'
import {
  countChannelsByType,
  countTags,
  countUntagged,
  findChannelInfo,
  listChannelPage,
  listChannelsOfTags,
  listTags,
  listUntagged,
  type ChannelFilter,
  type ChannelInfo,
} from '../../db/queries/channels.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { toChannel } from './channel-dto.ts'

/** GET /api/channel/: priority desc then id desc, or id desc with id_sort. */
export const listChannels = (services: Services, query: ListChannelsQuery): Promise<ChannelPage> =>
  pageOfChannels(services, {}, query)

/**
 * GET /api/channel/search. `keyword` is an exact id when numeric, or part of the name. It is not
 * compared with keys: they are stored encrypted with a random nonce, so finding one would mean
 * decrypting every channel's key on each search, and a search box must not be a key oracle.
 */
export function searchChannels(services: Services, query: SearchChannelsQuery): Promise<ChannelPage> {
  const filter: ChannelFilter = {}
  if (query.keyword) filter.keyword = query.keyword
  if (query.group) filter.group = query.group
  if (query.model) filter.model = query.model
  return pageOfChannels(services, filter, query)
}

/** GET /api/channel/:id (without the key). */
export async function getChannel(services: Services, id: number): Promise<Channel> {
  const channel = await findChannelInfo(services.db, id)
  if (!channel) throw new AppError('NOT_FOUND', 'channel.not_found')
  return toChannel(channel)
}

/** GET /api/channel/models_enabled */
export const listEnabledChannelModels = (services: Services): Promise<string[]> => listEnabledModels(services.db)

async function pageOfChannels(
  services: Services,
  filter: ChannelFilter,
  query: ListChannelsQuery
): Promise<ChannelPage> {
  const request = { filter, idSort: query.id_sort, offset: (query.p - 1) * query.page_size, limit: query.page_size }
  const [{ rows, total }, typeCounts] = await Promise.all([
    query.tag_mode ? tagModePage(services, request) : listChannelPage(services.db, services.dialect, request),
    countChannelsByType(services.db, services.dialect, filter),
  ])
  return { items: rows.map(toChannel), total, page: query.p, page_size: query.page_size, type_counts: typeCounts }
}

/**
 * Tag mode pages over units: each distinct non-empty tag is one unit (all its matching channels,
 * which the console folds into one row), then each untagged channel is a unit of its own. `total`
 * counts units; the answer holds every channel of the units on the page.
 */
async function tagModePage(
  services: Services,
  request: { filter: ChannelFilter; idSort: boolean; offset: number; limit: number }
): Promise<{ rows: ChannelInfo[]; total: number }> {
  const { db, dialect } = services
  const [tagCount, untaggedCount] = await Promise.all([
    countTags(db, dialect, request.filter),
    countUntagged(db, dialect, request.filter),
  ])
  const rows: ChannelInfo[] = []
  let untaggedOffset = request.offset - tagCount
  let room = request.limit
  if (request.offset < tagCount) {
    const tags = await listTags(db, dialect, request.filter, request.offset, request.limit)
    rows.push(...(await listChannelsOfTags(db, dialect, tags, request.filter, request.idSort)))
    untaggedOffset = 0
    room -= tags.length
  }
  if (room > 0) rows.push(...(await listUntagged(db, dialect, { ...request, offset: untaggedOffset, limit: room })))
  return { rows, total: tagCount + untaggedCount }
}
