import { z } from 'zod'

/** How a multi-key channel picks the key of a request: at random among its enabled keys, or in turn. */
export const MultiKeyMode = { random: 'random', polling: 'polling' } as const
export type MultiKeyMode = (typeof MultiKeyMode)[keyof typeof MultiKeyMode]
export const multiKeyModes = [MultiKeyMode.random, MultiKeyMode.polling] as const

/**
 * channels.channel_info as the console reads it (the reference's document). The per-key maps are
 * keyed by the key's index as a string; a key with no entry is enabled. Why and when a key was
 * disabled is left out of list answers (POST /api/channel/multi_key/manage reports it).
 */
export const channelInfoSchema = z.object({
  is_multi_key: z.boolean(),
  multi_key_size: z.number(),
  /** key index -> 2 manually disabled, 3 auto-disabled */
  multi_key_status_list: z.record(z.string(), z.number()).nullable(),
  multi_key_disabled_reason: z.record(z.string(), z.string()).optional(),
  multi_key_disabled_time: z.record(z.string(), z.number()).optional(),
  multi_key_polling_index: z.number(),
  /** 'random', 'polling', or '' (single-key channels; the first enabled key) */
  multi_key_mode: z.string(),
})
export type ChannelInfoDoc = z.infer<typeof channelInfoSchema>
