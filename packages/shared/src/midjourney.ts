/**
 * GET /api/mj/ and /api/mj/self: 1-based `p` and `page_size`, the task id, the submit-time range
 * (seconds; milliseconds are accepted too) and, for admins, the channel.
 */
export interface MjListQuery {
  p: number
  page_size: number
  channel_id?: number
  mj_id?: string
  start_timestamp?: number
  end_timestamp?: number
}

/** A drawing task row as GET /api/mj/ and /api/mj/self answer it (times in milliseconds). */
export interface MjTask {
  id: number
  code: number
  user_id: number
  action: string
  mj_id: string
  prompt: string
  prompt_en: string
  description: string
  state: string
  submit_time: number
  start_time: number
  finish_time: number
  image_url: string
  status: string
  progress: string
  fail_reason: string
  /** 0 for normal users */
  channel_id: number
  quota: number
  /** JSON text of the upstream's buttons */
  buttons: string
  /** JSON text */
  properties: string
  /** the reference's video results, kept from a taken-over database; this gateway makes none */
  video_url: string
  video_urls: string
}

/**
 * Submit codes of the Midjourney proxy (`code` of its answers and of the task rows): the task was
 * submitted, exists already or waits for a modal's input, or was queued; anything else is a refusal.
 */
export const MjSubmitCode = { notSubmitted: 0, submitted: 1, exists: 21, queued: 22 } as const
