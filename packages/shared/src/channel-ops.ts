import { z } from 'zod'

/** GET /api/channel/test/:id: `time` in seconds (0 when nothing was sent). */
export interface ChannelTestResult {
  success: boolean
  message: string
  time: number
}

/** POST /api/channel/fix: channels whose abilities were rebuilt, and those that could not be (the reference's names). */
export interface FixAbilitiesResult {
  success: number
  fails: number
}

/** Progress of the background "test all" and "update all balances" runs. */
export interface ChannelRunProgress {
  running: boolean
  /** channels handled so far in the current (or last) run */
  done: number
  total: number
  failed: number
  /** Unix seconds; 0 before the first run */
  started_at: number
  finished_at: number
}

/**
 * GET /api/channel/test_upstream/:id: the channel's models compared with the upstream's list.
 * `groups` tells, per group the channel serves, when this channel was first and last used in it
 * (consume logs, Unix seconds, 0 never) and which client protocols it can serve there.
 */
export interface UpstreamDetection {
  upstream_models: string[]
  /** upstream models the channel does not list (targets of its model mapping excluded) */
  to_add: string[]
  /** channel models the upstream no longer lists (sources of its model mapping kept) */
  to_remove: string[]
  groups: { group: string; first_seen: number; last_seen: number; client_types: string[] }[]
}

/** GET /api/channel/models: OpenAI-style model descriptors for the model picker. */
export interface ModelDescriptor {
  id: string
  object: 'model'
  created: number
  owned_by: string
}

/** POST /api/channel/fetch_models (root): list an upstream's models with credentials not yet saved. */
export const fetchModelsInput = z.object({
  base_url: z
    .string()
    .trim()
    .max(1024)
    .nullish()
    .transform((value) => (value ?? '').replace(/\/+$/, ''))
    .refine(
      (value) => value === '' || (/^https?:\/\//i.test(value) && URL.canParse(value)),
      'channel.base_url_invalid'
    ),
  type: z
    .number({ error: 'channel.type_invalid' })
    .int('channel.type_invalid')
    .min(0, 'channel.type_invalid')
    .max(1000, 'channel.type_invalid'),
  key: z.string({ error: 'channel.key_required' }).refine((key) => key.trim() !== '', 'channel.key_required'),
})
export type FetchModelsInput = z.infer<typeof fetchModelsInput>
