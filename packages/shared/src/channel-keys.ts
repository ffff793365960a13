import { z } from 'zod'
import { multiKeyModes } from './channel-info.ts'
import { createChannelInput } from './channel.ts'

/**
 * How POST /api/channel/ turns the key text into channels: `single` one channel with the key as
 * it is, `batch` one channel per key line, `multi_to_single` one channel holding every key line.
 */
export const ChannelAddMode = { single: 'single', batch: 'batch', multiToSingle: 'multi_to_single' } as const
export type ChannelAddMode = (typeof ChannelAddMode)[keyof typeof ChannelAddMode]
export const channelAddModes = [ChannelAddMode.single, ChannelAddMode.batch, ChannelAddMode.multiToSingle] as const

/** Most keys one create (channels in batch mode, keys in one multi-key channel) or one append may bring. */
export const MAX_KEYS_PER_CREATE = 1000

const addChannelRequest = z.object({
  mode: z.enum(channelAddModes, { error: 'channel.add_mode_invalid' }),
  multi_key_mode: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(multiKeyModes, { error: 'channel.multi_key_mode_invalid' }).nullish()
  ),
  /** batch: each channel's name gets the first 8 characters of its key appended */
  batch_add_set_key_prefix_2_name: z.boolean().nullish(),
  channel: createChannelInput,
})

/**
 * POST /api/channel/: the reference's body `{mode, multi_key_mode, channel}`. A bare channel (the
 * body this server took before) still works and means `batch`, one channel per key line, which is
 * what it did.
 */
export const addChannelInput = z.preprocess(
  (body) =>
    body !== null && typeof body === 'object' && !Array.isArray(body) && !('channel' in body) && !('mode' in body)
      ? { mode: ChannelAddMode.batch, channel: body }
      : body,
  addChannelRequest
)
export type AddChannelInput = z.infer<typeof addChannelRequest>
/** What the console sends. */
export type AddChannelRequest = z.input<typeof addChannelRequest>

/** The actions of POST /api/channel/multi_key/manage, as the reference names them. */
export const multiKeyActions = [
  'get_key_status',
  'enable_key',
  'disable_key',
  'delete_key',
  'enable_all_keys',
  'disable_all_keys',
  'delete_disabled_keys',
] as const
export type MultiKeyAction = (typeof multiKeyActions)[number]

/** POST /api/channel/multi_key/manage */
export const multiKeyManageInput = z.object({
  channel_id: z.number().int().positive(),
  action: z.enum(multiKeyActions, { error: 'channel.multi_key_action_invalid' }),
  /** enable_key, disable_key and delete_key: the key's 0-based index */
  key_index: z.number().int().nullish(),
  /** get_key_status: 1-based page, 50 keys by default */
  page: z.number().int().nullish(),
  page_size: z.number().int().nullish(),
  /** get_key_status: only keys in this status (1, 2 or 3) */
  status: z.number().int().nullish(),
})
export type MultiKeyManageInput = z.infer<typeof multiKeyManageInput>

/** One key of a multi-key channel; the key itself only masked. */
export const keyStatusSchema = z.object({
  index: z.number(),
  /** 1 enabled, 2 manually disabled, 3 auto-disabled */
  status: z.number(),
  disabled_time: z.number().optional(),
  reason: z.string().optional(),
  key_preview: z.string(),
})
export type KeyStatus = z.infer<typeof keyStatusSchema>

/** get_key_status: a page of keys; the counts are over every key, whatever the filter. */
export const multiKeyStatusPageSchema = z.object({
  keys: z.array(keyStatusSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  total_pages: z.number(),
  enabled_count: z.number(),
  manual_disabled_count: z.number(),
  auto_disabled_count: z.number(),
})
export type MultiKeyStatusPage = z.infer<typeof multiKeyStatusPageSchema>
