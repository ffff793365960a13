import { formatQuota, LogType, MjSubmitCode } from '@gateway/shared'
import { finishTask, listUnfinished, updateRunningTask, type MidjourneyRow } from '../../db/queries/midjourneys.ts'
import { findUsername } from '../../db/queries/users.ts'
import { logTextColumns } from '../../i18n/log-text.ts'
import { translate, type MessageKey } from '../../i18n/messages.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../../services/container.ts'
import type { RelayChannel } from '../cache/channel-cache.ts'
import { billingOf, mergeProperties } from './mj-task-view.ts'
import { callMjProxy } from './mj-upstream.ts'

/** Tasks read per poll, and ids sent per list-by-condition call. */
const POLL_LIMIT = 2000
const BATCH_SIZE = 100
/** A task the proxy still reports as running after this long is given up (reference: one hour). */
export const MJ_TASK_TIMEOUT_MS = 60 * 60 * 1000

/** One task as the proxy reports it. */
interface ProxyTask {
  id?: unknown
  status?: unknown
  progress?: unknown
  imageUrl?: unknown
  failReason?: unknown
  promptEn?: unknown
  description?: unknown
  state?: unknown
  startTime?: unknown
  finishTime?: unknown
  buttons?: unknown
  properties?: unknown
}

export interface PollReport {
  polled: number
  succeeded: number
  failed: number
  refunded: number
}

const str = (value: unknown, max = 4000): string => (typeof value === 'string' ? value.slice(0, max) : '')
const millis = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0

/**
 * One round of the Midjourney poller: every unfinished task is asked from its channel's proxy in
 * batches (`/mj/task/list-by-condition`) and updated. A task ends SUCCESS or FAILURE through one
 * conditional UPDATE; only the caller whose UPDATE changed the row refunds a failed task, so two
 * pollers (or two instances) never refund twice. Tasks without an upstream id, whose channel is
 * gone, or running for over an hour end as failures and are refunded too.
 */
export async function pollMidjourneyTasks(services: Services, nowMs: number = Date.now()): Promise<PollReport> {
  const report: PollReport = { polled: 0, succeeded: 0, failed: 0, refunded: 0 }
  const tasks = await listUnfinished(services.db, POLL_LIMIT)
  if (tasks.length === 0) return report
  const snapshot = await services.relay.channels.current()
  const byChannel = new Map<number, MidjourneyRow[]>()
  for (const task of tasks) {
    if (!task.mj_id) {
      await failTask(services, task, 'midjourney.fail_no_task_id', {}, report, nowMs)
      continue
    }
    const list = byChannel.get(task.channel_id) ?? []
    list.push(task)
    byChannel.set(task.channel_id, list)
  }
  for (const [channelId, channelTasks] of byChannel) {
    const channel = snapshot.channels.get(channelId)
    if (!channel) {
      for (const task of channelTasks)
        await failTask(services, task, 'midjourney.fail_channel_gone', { id: channelId }, report, nowMs)
      continue
    }
    for (let start = 0; start < channelTasks.length; start += BATCH_SIZE) {
      const batch = channelTasks.slice(start, start + BATCH_SIZE)
      const answers = await fetchBatch(services, channel, batch)
      if (!answers) continue
      for (const task of batch) {
        report.polled++
        await applyAnswer(services, task, answers.get(task.mj_id), report, nowMs)
      }
    }
  }
  return report
}

async function fetchBatch(
  services: Services,
  channel: RelayChannel,
  batch: MidjourneyRow[]
): Promise<Map<string, ProxyTask> | undefined> {
  try {
    const answer = await callMjProxy(services, channel, {
      method: 'POST',
      path: '/mj/task/list-by-condition',
      body: JSON.stringify({ ids: batch.map((task) => task.mj_id) }),
      timeoutMs: 15_000,
    })
    if (answer.status !== 200) throw new Error(`status ${answer.status}`)
    const items = JSON.parse(answer.text) as unknown
    if (!Array.isArray(items)) throw new Error('not a list')
    const byId = new Map<string, ProxyTask>()
    for (const item of items as ProxyTask[]) {
      if (item && typeof item === 'object' && (typeof item.id === 'string' || typeof item.id === 'number'))
        byId.set(String(item.id), item)
    }
    return byId
  } catch (error) {
    // The proxy is down or answered nonsense: the tasks stay as they are and are asked again next round.
    services.logger.warn(
      { job: 'midjourney-poll', channel: channel.id, err: error instanceof Error ? error.message : String(error) },
      'midjourney poll failed'
    )
    return undefined
  }
}

async function applyAnswer(
  services: Services,
  task: MidjourneyRow,
  item: ProxyTask | undefined,
  report: PollReport,
  nowMs: number
): Promise<void> {
  const timedOut = Number(task.submit_time) > 0 && nowMs - Number(task.submit_time) > MJ_TASK_TIMEOUT_MS
  if (!item) {
    if (timedOut) await failTask(services, task, 'midjourney.fail_timeout', {}, report, nowMs)
    return
  }
  const status = str(item.status, 20)
  const failReason = str(item.failReason)
  const fields = {
    code: MjSubmitCode.submitted,
    prompt_en: str(item.promptEn, 20_000) || task.prompt_en,
    description: str(item.description) || task.description,
    state: str(item.state) || task.state,
    start_time: millis(item.startTime) || Number(task.start_time),
    image_url: str(item.imageUrl, 4000) || task.image_url,
    buttons: Array.isArray(item.buttons) ? JSON.stringify(item.buttons) : task.buttons,
    properties: mergeProperties(task, item.properties),
  }
  if (status === 'FAILURE' || failReason) {
    await failTask(services, task, undefined, {}, report, nowMs, {
      ...fields,
      fail_reason: failReason || 'FAILURE',
      finish_time: millis(item.finishTime) || nowMs,
    })
    return
  }
  if (status === 'SUCCESS') {
    if (await finishTask(services.db, task.id, { ...fields, status, finish_time: millis(item.finishTime) || nowMs }))
      report.succeeded++
    return
  }
  if (timedOut) {
    await failTask(services, task, 'midjourney.fail_timeout', {}, report, nowMs, fields)
    return
  }
  // 100% is the finished marker: a running task never carries it, whatever the proxy says.
  let progress = str(item.progress, 30) || task.progress
  if (progress === '100%') progress = '99%'
  await updateRunningTask(services.db, task.id, { ...fields, status, progress })
}

/**
 * Ends a task as FAILURE and, when this call is the one that ended it, gives its charge back to
 * the user (and the token it was paid from) and writes a system log row.
 */
async function failTask(
  services: Services,
  task: MidjourneyRow,
  reasonKey: MessageKey | undefined,
  params: Record<string, string | number>,
  report: PollReport,
  nowMs: number,
  fields: Record<string, unknown> = {}
): Promise<void> {
  const language = services.env.DEFAULT_LANGUAGE
  const failReason = reasonKey ? translate(reasonKey, language, params) : String(fields.fail_reason ?? 'FAILURE')
  const changed = await finishTask(services.db, task.id, {
    ...fields,
    status: 'FAILURE',
    fail_reason: failReason,
    finish_time: Number(fields.finish_time ?? nowMs),
  })
  if (!changed) return
  report.failed++
  const quota = Number(task.quota)
  if (quota <= 0) return
  const billing = billingOf(task)
  await services.relay.ledger.refund(
    { userId: task.user_id, tokenId: billing?.token_id, tokenUnlimited: !billing?.token_limited },
    quota
  )
  report.refunded++
  const display = {
    quotaPerUnit: services.options.number('QuotaPerUnit'),
    displayInCurrency: services.options.bool('DisplayInCurrencyEnabled'),
  }
  const username = await findUsername(services.db, task.user_id)
  services.relay.logs.write({
    user_id: task.user_id,
    created_at: nowSeconds(),
    type: LogType.system,
    ...logTextColumns(
      language,
      'midjourney.refund_log',
      { id: task.mj_id || String(task.id), quota: formatQuota(quota, display) },
      { refund: quota, mj_id: task.mj_id }
    ),
    username: username ?? '',
    token_name: '',
    model_name: '',
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: 0,
    is_stream: false,
    channel_id: task.channel_id,
    token_id: billing?.token_id ?? 0,
    group: '',
    // The refund names the request that paid for the task.
    request_id: billing?.request_id ?? '',
  })
}
