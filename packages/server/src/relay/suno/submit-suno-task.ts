import { ChannelStatus, ChannelType, LogType } from '@gateway/shared'
import { findUserTasks, insertTask } from '../../db/queries/tasks.ts'
import { logTextColumns } from '../../i18n/log-text.ts'
import type { Language } from '../../i18n/messages.ts'
import { nowSeconds } from '../../lib/time.ts'
import { computeQuota } from '../../services/billing/compute-quota.ts'
import { groupRatioFor, resolvePrice } from '../../services/billing/resolve-price.ts'
import type { Services } from '../../services/container.ts'
import type { Candidate, RelayChannel } from '../cache/channel-cache.ts'
import { handleChannelFailure } from '../channel-health.ts'
import type { Payer } from '../ledger/quota-ledger.ts'
import { localError, RelayError } from '../relay-error.ts'
import { candidateGroups, resolveRoute } from '../resolve-route.ts'
import { selectChannel } from '../select-channel.ts'
import type { TokenAuthResult } from '../token-auth.ts'
import { SunoError } from './suno-error.ts'
import { submitSunoTask as sendToSuno } from './suno-upstream.ts'

export const SUNO_PLATFORM = 'suno'
export const SUNO_ACTIONS = ['MUSIC', 'LYRICS'] as const
export type SunoAction = (typeof SUNO_ACTIONS)[number]
/** The reference's price for a task model nobody priced ($ per call). */
export const DEFAULT_TASK_PRICE = 0.1
/** The Suno model a music task uses when the client names none. */
const DEFAULT_MV = 'chirp-v3-0'

export interface SubmitInput {
  action: string
  rawBody: string
  caller: TokenAuthResult
  language: Language
  startedMs: number
  clientSignal: AbortSignal
  /** ours, for the log row */
  requestId?: string
}

/** The body a client sends, checked loosely: unknown fields go to the upstream unchanged. */
function parseSubmitBody(action: SunoAction, rawBody: string): Record<string, unknown> {
  let body: unknown
  try {
    body = JSON.parse(rawBody || '{}')
  } catch {
    throw new SunoError(400, 'invalid_request', 'suno.body_invalid')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new SunoError(400, 'invalid_request', 'suno.body_invalid')
  const fields = body as Record<string, unknown>
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).trim() : '')
  if (action === 'LYRICS' && !text('prompt')) throw new SunoError(400, 'prompt_empty', 'suno.prompt_required')
  if (action === 'MUSIC') {
    if (!text('prompt') && !text('gpt_description_prompt'))
      throw new SunoError(400, 'prompt_empty', 'suno.prompt_required')
    if (text('continue_clip_id') && !text('task_id')) throw new SunoError(400, 'task_id_empty', 'suno.task_id_required')
    if (!text('mv')) fields.mv = DEFAULT_MV
  }
  return fields
}

/** Candidates limited to Suno API channels (a model name can be shared with other channel types). */
function sunoLevels(levels: Candidate[][]): Candidate[][] {
  return levels
    .map((level) => level.filter((c) => c.channel.type === ChannelType.sunoAPI))
    .filter((level) => level.length > 0)
}

/**
 * Submits a music or lyrics task: checks the body, picks a Suno channel (a continuation goes to the
 * channel of its original task), holds the per-call price, and sends the task upstream. The price
 * is kept only when the upstream accepts; a refusal gives it all back. The accepted task is stored
 * with everything the poller and the task log need. Answers the upstream task id.
 */
export async function submitSunoTask(services: Services, input: SubmitInput): Promise<string> {
  const action = input.action.toUpperCase()
  if (!(SUNO_ACTIONS as readonly string[]).includes(action))
    throw new SunoError(400, 'invalid_action', 'suno.action_invalid', { action: input.action.slice(0, 40) })
  const sunoAction = action as SunoAction
  const body = parseSubmitBody(sunoAction, input.rawBody)
  const model = `suno_${action.toLowerCase()}`
  const { user, token } = input.caller
  if (token.modelLimits && !token.modelLimits.has(model)) {
    throw token.modelLimits.size === 0
      ? localError(403, 'model_not_allowed', 'token.no_models_allowed', undefined, 'permission_error')
      : localError(403, 'model_not_allowed', 'token.model_not_allowed', { model }, 'permission_error')
  }

  let pinned = input.caller.pinnedChannelId
  const continued = typeof body.task_id === 'string' ? body.task_id.trim() : ''
  if (continued) {
    const [original] = await findUserTasks(services.db, user.id, SUNO_PLATFORM, [continued])
    if (!original) throw new SunoError(400, 'task_not_exist', 'suno.task_not_found')
    pinned = Number(original.channel_id)
  }
  const groups = candidateGroups(services.options, token.group, user.group)
  const snapshot = await services.relay.channels.current()
  if (continued && snapshot.channels.get(pinned as number)?.status !== ChannelStatus.enabled)
    throw new SunoError(403, 'channel_disabled', 'suno.channel_disabled')
  const route = resolveRoute(snapshot, groups, model, pinned)
  if (route.pinned && route.pinned.type !== ChannelType.sunoAPI)
    throw new SunoError(400, 'channel_not_suno', 'suno.channel_not_suno', { id: route.pinned.id })
  const levels = sunoLevels(route.levels)
  if (levels.length === 0) throw localError(503, 'model_not_found', 'channel.none', { group: route.group, model })

  const resolved = resolvePrice(services.options, model, route.group, user.group, user.acceptUnsetRatio)
  const modelPrice = resolved?.kind === 'per-call' ? resolved.modelPrice : DEFAULT_TASK_PRICE
  const group = groupRatioFor(services.options, route.group, user.group)
  const price = { kind: 'per-call' as const, modelPrice, ...group }
  const quota = computeQuota(price, { promptTokens: 0, completionTokens: 0 }, services.options.number('QuotaPerUnit'))
  const payer: Payer = { userId: user.id, tokenId: token.id, tokenUnlimited: token.unlimited }
  const { hold, shortfall } = await services.relay.ledger.reserve(payer, quota, {
    username: user.username,
    tokenName: token.name,
    model,
    group: route.group,
    requestId: input.requestId,
  })
  if (shortfall === 'token')
    throw localError(403, 'pre_consume_token_quota_failed', 'quota.token_insufficient', undefined, 'permission_error')
  if (!hold) throw localError(403, 'insufficient_user_quota', 'quota.user_insufficient', undefined, 'permission_error')

  const tried: number[] = []
  let accepted: { taskId: string; channel: RelayChannel } | undefined
  try {
    const retries = route.pinned ? 0 : Math.max(0, services.options.number('RetryTimes'))
    let lastError: RelayError | undefined
    for (let attempt = 0; attempt <= retries && !accepted; attempt++) {
      const candidate = selectChannel(levels, attempt, new Set(tried))
      if (!candidate) break
      tried.push(candidate.channel.id)
      const channel = (await services.relay.keys.forAttempt(candidate.channel)) ?? candidate.channel
      try {
        accepted = { taskId: await sendToSuno(services, channel, action, body, input.clientSignal), channel }
      } catch (error) {
        if (!(error instanceof RelayError)) throw error
        lastError = error
        if (!error.local)
          handleChannelFailure(services, channel, error).catch((e: unknown) =>
            services.logger.error({ err: String(e) }, 'channel health update failed')
          )
        if (!error.retryable || input.clientSignal.aborted) break
      }
    }
    if (!accepted) throw lastError ?? localError(503, 'model_not_found', 'channel.none', { group: route.group, model })
    const now = nowSeconds()
    await insertTask(services.db, services.dialect, {
      created_at: now,
      updated_at: now,
      task_id: accepted.taskId,
      platform: SUNO_PLATFORM,
      user_id: user.id,
      channel_id: accepted.channel.id,
      quota,
      action,
      status: 'NOT_START',
      submit_time: now,
      progress: '0%',
      // The token is remembered so that a refund gives back to it as well as to the user, and the request id so that its row names the submit.
      properties: JSON.stringify({
        input: String(body.prompt ?? body.gpt_description_prompt ?? ''),
        token_id: token.id,
        ...(input.requestId ? { request_id: input.requestId } : {}),
      }),
      data: '',
    })
  } catch (error) {
    await services.relay.ledger.release(hold)
    throw error
  }

  const now = nowSeconds()
  const log = services.options.bool('LogConsumeEnabled')
    ? {
        user_id: user.id,
        created_at: now,
        type: LogType.consume,
        ...logTextColumns(
          services.env.DEFAULT_LANGUAGE,
          'suno.log_submit',
          { price: modelPrice, group: group.groupRatio, action },
          { model_price: modelPrice, group_ratio: group.groupRatio, admin_info: { use_channel: tried } }
        ),
        username: user.username,
        token_name: token.name,
        model_name: model,
        prompt_tokens: 0,
        completion_tokens: 0,
        use_time: Math.round((performance.now() - input.startedMs) / 1000),
        is_stream: false,
        channel_id: accepted.channel.id,
        token_id: token.id,
        group: route.group,
        request_id: input.requestId ?? '',
      }
    : undefined
  await services.relay.ledger.settle(hold, {
    charge: quota,
    now,
    channelId: accepted.channel.id,
    tokens: 0,
    userId: user.id,
    username: user.username,
    model,
    rollup: services.options.bool('DataExportEnabled'),
    group: route.group,
    log,
  })
  return accepted.taskId
}
