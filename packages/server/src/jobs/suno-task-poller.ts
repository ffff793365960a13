import { ChannelType, formatQuota, isTaskStatus, LogType } from '@gateway/shared'
import { listUnfinishedTasks, updateUnfinishedTask, type TaskProgress, type TaskRow } from '../db/queries/tasks.ts'
import { findTokenUnlimited } from '../db/queries/tokens.ts'
import { findUsername } from '../db/queries/users.ts'
import type { Env } from '../env.ts'
import { logTextColumns } from '../i18n/log-text.ts'
import { translate, type MessageKey } from '../i18n/messages.ts'
import { nowSeconds } from '../lib/time.ts'
import type { RelayChannel } from '../relay/cache/channel-cache.ts'
import { SUNO_PLATFORM } from '../relay/suno/submit-suno-task.ts'
import { fetchSunoTasks, type UpstreamSunoTask } from '../relay/suno/suno-upstream.ts'
import type { Services } from '../services/container.ts'

/** Task ids per upstream fetch call. */
export const SUNO_FETCH_CHUNK = 100
/** The longest one upstream fetch may take. */
const FETCH_TIMEOUT_MS = 15_000
const MAX_DATA_CHARS = 1_000_000

/**
 * How often the Suno poller runs, in seconds: SUNO_TASK_POLL_SECONDS (default 15, as the
 * reference; e2e tests set 1; 0 = off). UPDATE_TASK=false turns task polling off on this node, as in
 * the reference; secondary nodes never poll.
 */
export function sunoPollSeconds(env: Pick<Env, 'UPDATE_TASK' | 'SUNO_TASK_POLL_SECONDS'>): number {
  return env.UPDATE_TASK ? env.SUNO_TASK_POLL_SECONDS : 0
}

export interface SunoPollResult {
  /** rows this run changed */
  updated: number
  /** rows this run moved to FAILURE (each refunded once) */
  failed: number
}

const seconds = (value: unknown): number => {
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0) return 0
  // Some servers report milliseconds.
  return Math.floor(n > 1e12 ? n / 1000 : n)
}

/** The row's next state from the upstream's report. */
export function nextTaskState(
  row: TaskRow,
  item: UpstreamSunoTask,
  now: number,
  language: Services['env']['DEFAULT_LANGUAGE']
): TaskProgress {
  const reported = String(item.status ?? '').toUpperCase()
  const status = isTaskStatus(reported) ? reported : 'UNKNOWN'
  const finished = status === 'SUCCESS' || status === 'FAILURE'
  let progress = typeof item.progress === 'string' && item.progress.length <= 20 ? item.progress : row.progress
  if (finished) progress = '100%'
  let failReason = typeof item.fail_reason === 'string' ? item.fail_reason.slice(0, 2000) : (row.fail_reason ?? '')
  if (status === 'FAILURE' && !failReason) failReason = translate('suno.fail_unknown', language)
  let data = row.data ?? ''
  if (item.data !== undefined) {
    const text = JSON.stringify(item.data)
    if (text.length <= MAX_DATA_CHARS) data = text
  }
  return {
    status,
    progress,
    fail_reason: failReason,
    submit_time: seconds(item.submit_time) || Number(row.submit_time),
    start_time: seconds(item.start_time) || Number(row.start_time),
    finish_time: finished ? seconds(item.finish_time) || now : 0,
    data,
    updated_at: now,
  }
}

const changed = (row: TaskRow, next: TaskProgress) =>
  row.status !== next.status ||
  row.progress !== next.progress ||
  (row.fail_reason ?? '') !== next.fail_reason ||
  Number(row.start_time) !== next.start_time ||
  Number(row.finish_time) !== next.finish_time ||
  (row.data ?? '') !== next.data

/** Who paid for a task: the user, and the token named in its properties (when it still exists). */
async function payerOf(services: Services, row: TaskRow) {
  let tokenId: number | undefined
  try {
    const id = Number((JSON.parse(row.properties || '{}') as { token_id?: unknown }).token_id)
    if (Number.isSafeInteger(id) && id > 0) tokenId = id
  } catch {
    tokenId = undefined
  }
  const token = tokenId === undefined ? undefined : await findTokenUnlimited(services.db, tokenId)
  return {
    userId: Number(row.user_id),
    tokenId: token ? tokenId : undefined,
    tokenUnlimited: token ? Boolean(token.unlimited_quota) : true,
  }
}

/**
 * Moves a task to its next state. The UPDATE only matches an unfinished row, so when two runs (or
 * two instances) race on the same failure exactly one of them changes the row, and only that one
 * gives the quota back and writes the log line.
 */
async function applyState(
  services: Services,
  row: TaskRow,
  next: TaskProgress
): Promise<'failed' | 'updated' | 'none'> {
  if (!(await updateUnfinishedTask(services.db, Number(row.id), next))) return 'none'
  if (next.status !== 'FAILURE') return 'updated'
  const quota = Number(row.quota)
  if (quota > 0) {
    await services.relay.ledger.refund(await payerOf(services, row), quota)
    const display = {
      quotaPerUnit: services.options.number('QuotaPerUnit'),
      displayInCurrency: services.options.bool('DisplayInCurrencyEnabled'),
    }
    const username = await findUsername(services.db, Number(row.user_id))
    services.relay.logs.write({
      user_id: Number(row.user_id),
      created_at: next.updated_at,
      type: LogType.system,
      ...logTextColumns(
        services.env.DEFAULT_LANGUAGE,
        'suno.log_refund',
        { id: row.task_id, quota: formatQuota(quota, display) },
        { task_id: row.task_id, refund: quota }
      ),
      username: username ?? '',
      token_name: '',
      model_name: `suno_${row.action.toLowerCase()}`,
      quota,
      channel_id: Number(row.channel_id),
      request_id: submitRequestId(row.properties),
    })
  }
  return 'failed'
}

function failureState(
  row: TaskRow,
  reason: MessageKey,
  services: Services,
  now: number,
  params?: Record<string, string | number>
): TaskProgress {
  return {
    status: 'FAILURE',
    progress: '100%',
    fail_reason: translate(reason, services.env.DEFAULT_LANGUAGE, params),
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: now,
    data: row.data ?? '',
    updated_at: now,
  }
}

/**
 * One run of the Suno poller: reads unfinished tasks, asks each task's channel for their state in
 * batches, and stores what changed (status, progress, times, failure reason, payload). A task whose
 * channel is gone, that has no upstream id, or that was submitted more than TASK_TIMEOUT_MINUTES ago
 * fails. A failure is refunded once. An upstream that cannot be reached leaves its tasks as they
 * are for the next run. At most TASK_QUERY_LIMIT tasks are read per run.
 */
export async function pollSunoTasks(services: Services, now = nowSeconds()): Promise<SunoPollResult> {
  const result: SunoPollResult = { updated: 0, failed: 0 }
  const count = (outcome: 'failed' | 'updated' | 'none') => {
    if (outcome !== 'none') result.updated++
    if (outcome === 'failed') result.failed++
  }
  const rows = await listUnfinishedTasks(services.db, SUNO_PLATFORM, services.env.TASK_QUERY_LIMIT)
  if (rows.length === 0) return result
  const snapshot = await services.relay.channels.current()
  const byChannel = new Map<RelayChannel, TaskRow[]>()
  const timeoutMinutes = services.env.TASK_TIMEOUT_MINUTES
  // Counted from the row's submit time: the gateway's at submission, or the upstream's once it reported one.
  const cutoff = timeoutMinutes > 0 ? now - timeoutMinutes * 60 : undefined
  for (const row of rows) {
    const channel = snapshot.channels.get(Number(row.channel_id))
    const submitted = Number(row.submit_time)
    if (cutoff !== undefined && submitted > 0 && submitted < cutoff)
      count(
        await applyState(
          services,
          row,
          failureState(row, 'suno.fail_timeout', services, now, { minutes: timeoutMinutes })
        )
      )
    else if (!row.task_id)
      count(await applyState(services, row, failureState(row, 'suno.fail_no_task_id', services, now)))
    else if (!channel || channel.type !== ChannelType.sunoAPI)
      count(await applyState(services, row, failureState(row, 'suno.fail_channel_gone', services, now)))
    else byChannel.set(channel, [...(byChannel.get(channel) ?? []), row])
  }
  for (const [channel, tasks] of byChannel) {
    for (let start = 0; start < tasks.length; start += SUNO_FETCH_CHUNK) {
      const chunk = tasks.slice(start, start + SUNO_FETCH_CHUNK)
      let reports: UpstreamSunoTask[]
      try {
        reports = await fetchSunoTasks(
          services,
          channel,
          chunk.map((row) => row.task_id),
          AbortSignal.timeout(FETCH_TIMEOUT_MS)
        )
      } catch (error) {
        services.logger.warn(
          { job: 'suno-tasks', channel: channel.id, err: error instanceof Error ? error.message : String(error) },
          'suno fetch failed'
        )
        continue
      }
      const byTaskId = new Map(reports.map((item) => [item.task_id, item]))
      for (const row of chunk) {
        const item = byTaskId.get(row.task_id)
        if (!item) continue
        const next = nextTaskState(row, item, now, services.env.DEFAULT_LANGUAGE)
        if (changed(row, next)) count(await applyState(services, row, next))
      }
    }
  }
  return result
}

/** The job as start-jobs runs it: a run that is still going makes the next tick skip. */
export function createSunoPoller(services: Services): () => Promise<unknown> {
  let running: Promise<unknown> | undefined
  return () => {
    if (running) return running
    running = pollSunoTasks(services).finally(() => {
      running = undefined
    })
    return running
  }
}

/** The request id of the submit that paid for a task, kept in its properties; '' for tasks made before. */
function submitRequestId(properties: string): string {
  try {
    const id = (JSON.parse(properties || '{}') as { request_id?: unknown }).request_id
    return typeof id === 'string' ? id : ''
  } catch {
    return ''
  }
}
