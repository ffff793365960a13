import type { Channel } from '@gateway/shared'
import type { ChannelInfo } from '../../db/queries/channels.ts'

/** A channel as the console sees it: the key is never sent, not even masked. */
export const toChannel = (info: ChannelInfo): Channel => ({ ...info, key: '', settings: info.settings ?? '' })
