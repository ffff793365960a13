import type { Channel } from '@gateway/shared'
import type { ChannelInfo } from '../../db/queries/channels.ts'
import { consoleChannelInfo } from './channel-info.ts'

/**
 * A channel as the console sees it: the key is never sent, not even masked. The organization
 * column is open_ai_organization; its JSON name is openai_organization, as the reference answers it.
 */
export const toChannel = ({ open_ai_organization, ...info }: ChannelInfo): Channel => ({
  ...info,
  openai_organization: open_ai_organization,
  key: '',
  channel_info: consoleChannelInfo(info.channel_info),
  settings: info.settings ?? '',
})
