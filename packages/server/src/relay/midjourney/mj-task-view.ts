import type { MjTask } from '@gateway/shared'
import type { MidjourneyRow } from '../../db/queries/midjourneys.ts'
import type { OptionStore } from '../../services/options/option-store.ts'

/** What the gateway keeps in `properties` next to the proxy's own properties, never shown to clients. */
export const BILLING_KEY = 'gateway_billing'

export interface TaskBilling {
  token_id: number
  token_limited: boolean
  /** the submit's request id, named again in the refund row of a task that fails */
  request_id?: string
}

function parseObject(text: string): Record<string, unknown> {
  if (!text) return {}
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The proxy's properties of a task, without the gateway's billing note. */
export function publicProperties(row: Pick<MidjourneyRow, 'properties'>): Record<string, unknown> {
  const { [BILLING_KEY]: _billing, ...rest } = parseObject(row.properties)
  return rest
}

export function billingOf(row: Pick<MidjourneyRow, 'properties'>): TaskBilling | undefined {
  const billing = parseObject(row.properties)[BILLING_KEY] as Partial<TaskBilling> | undefined
  if (!billing || typeof billing.token_id !== 'number') return undefined
  const requestId = typeof billing.request_id === 'string' ? { request_id: billing.request_id } : {}
  return { token_id: billing.token_id, token_limited: billing.token_limited === true, ...requestId }
}

/** The proxy's new properties merged with the billing note the row already carries. */
export function mergeProperties(row: Pick<MidjourneyRow, 'properties'>, upstream: unknown): string {
  const billing = parseObject(row.properties)[BILLING_KEY]
  const next =
    upstream && typeof upstream === 'object' && !Array.isArray(upstream)
      ? { ...(upstream as Record<string, unknown>) }
      : publicProperties(row)
  delete next[BILLING_KEY]
  if (billing !== undefined) next[BILLING_KEY] = billing
  return JSON.stringify(next)
}

/**
 * The image address shown to clients: the gateway's `/mj/image/{mj_id}` when MjForwardUrlEnabled
 * (so the proxy's or Discord's address stays private), the stored one otherwise.
 */
export function displayImageUrl(
  options: OptionStore,
  row: Pick<MidjourneyRow, 'image_url' | 'mj_id'>,
  serverAddress: string
): string {
  if (!row.image_url || !options.bool('MjForwardUrlEnabled')) return row.image_url
  return `${serverAddress}/mj/image/${encodeURIComponent(row.mj_id)}`
}

function parseButtons(text: string): unknown[] {
  if (!text) return []
  try {
    const value = JSON.parse(text) as unknown
    return Array.isArray(value) ? value : []
  } catch {
    return []
  }
}

/** A task as the Midjourney proxy describes one (`/mj/task/{id}/fetch`), read from the gateway's row. */
export function toProxyTask(options: OptionStore, row: MidjourneyRow, serverAddress: string) {
  let imageUrl = displayImageUrl(options, row, serverAddress)
  // A running task's preview changes; the reference adds a cache breaker to the forwarded URL.
  if (imageUrl && imageUrl !== row.image_url && row.status !== 'SUCCESS') imageUrl += `?rand=${Date.now()}`
  return {
    id: row.mj_id,
    action: row.action,
    prompt: row.prompt,
    promptEn: row.prompt_en,
    description: row.description,
    state: row.state,
    submitTime: Number(row.submit_time),
    startTime: Number(row.start_time),
    finishTime: Number(row.finish_time),
    imageUrl,
    status: row.status,
    progress: row.progress,
    failReason: row.fail_reason,
    buttons: parseButtons(row.buttons),
    properties: publicProperties(row),
  }
}

/** A row for the console's drawing page (GET /api/mj/...). */
export function toConsoleTask(options: OptionStore, row: MidjourneyRow, admin: boolean, serverAddress: string): MjTask {
  return {
    id: row.id,
    code: row.code,
    user_id: row.user_id,
    action: row.action,
    mj_id: row.mj_id,
    prompt: row.prompt,
    prompt_en: row.prompt_en,
    description: row.description,
    state: row.state,
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    image_url: displayImageUrl(options, row, serverAddress),
    status: row.status,
    progress: row.progress,
    fail_reason: row.fail_reason,
    channel_id: admin ? row.channel_id : 0,
    quota: Number(row.quota),
    buttons: row.buttons,
    properties: JSON.stringify(publicProperties(row)),
    video_url: row.video_url ?? '',
    video_urls: row.video_urls ?? '',
  }
}
