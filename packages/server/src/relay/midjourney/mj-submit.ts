import { ChannelStatus, ChannelType, LogType, MjSubmitCode } from '@gateway/shared'
import { findUserTask, insertMidjourney } from '../../db/queries/midjourneys.ts'
import { logTextColumns } from '../../i18n/log-text.ts'
import { nowSeconds } from '../../lib/time.ts'
import { computeQuota } from '../../services/billing/compute-quota.ts'
import { groupRatioFor, resolvePrice, type Price } from '../../services/billing/resolve-price.ts'
import type { Services } from '../../services/container.ts'
import type { RelayChannel } from '../cache/channel-cache.ts'
import type { RelayToken, RelayUser } from '../cache/token-cache.ts'
import type { Hold, Payer } from '../ledger/quota-ledger.ts'
import { localError } from '../relay-error.ts'
import { candidateGroups, resolveRoute } from '../resolve-route.ts'
import { selectChannel } from '../select-channel.ts'
import {
  actionOfChange,
  actionOfCustomId,
  clearModeFlags,
  MJ_ACCEPTED_CODES,
  MjAction,
  modelForAction,
  parseSimpleChange,
  SUBMIT_PATHS,
  type MjActionKind,
} from './mj-actions.ts'
import { MjError } from './mj-errors.ts'
import { BILLING_KEY, type TaskBilling } from './mj-task-view.ts'
import { callMjProxy, parseMjJson } from './mj-upstream.ts'

/** A Midjourney action without a configured price costs this many dollars per call (reference default). */
export const DEFAULT_MJ_PRICE = 0.1

export interface MjCaller {
  token: RelayToken
  user: RelayUser
  pinnedChannelId: number | undefined
}

export interface MjSubmitInput {
  /** the path after /mj/, e.g. `submit/imagine` */
  path: string
  rawBody: string
  caller: MjCaller
  clientIp: string
  /** ours, for the log row */
  requestId?: string
}

/** What a submit body asks for: the action, and for follow-ups the task it continues. */
interface SubmitIntent {
  action: MjActionKind
  originTaskId?: string
  prompt: string
}

export const isMidjourneyChannel = (channel: RelayChannel) =>
  channel.type === ChannelType.midjourney || channel.type === ChannelType.midjourneyPlus

function readIntent(path: string, body: Record<string, unknown>): SubmitIntent {
  const kind = SUBMIT_PATHS[path]
  if (!kind) throw new MjError(404, 'midjourney.unknown_route', { path })
  const prompt = typeof body.prompt === 'string' ? body.prompt : ''
  const taskId = typeof body.taskId === 'string' ? body.taskId.trim() : ''
  let action = kind.action
  let originTaskId: string | undefined = kind.followUp ? taskId : undefined
  if (kind.fromBody === 'change') action = actionOfChange(body.action)
  else if (kind.fromBody === 'action') action = actionOfCustomId(body.customId)
  else if (kind.fromBody === 'simple-change') {
    const parsed = parseSimpleChange(body.content)
    action = parsed?.action
    originTaskId = parsed?.taskId
  }
  if (!action) throw new MjError(400, 'midjourney.unknown_action')
  if (kind.followUp && !originTaskId) throw new MjError(400, 'midjourney.task_id_required')
  if (action === MjAction.imagine && !prompt.trim()) throw new MjError(400, 'midjourney.prompt_required')
  return { action, originTaskId, prompt }
}

/** The per-call price of an action model: ModelPrice when set, else the reference's default. */
export function mjPrice(services: Services, model: string, group: string, userGroup: string): Price {
  const price = resolvePrice(services.options, model, group, userGroup)
  if (price?.kind === 'per-call') return price
  return { kind: 'per-call', modelPrice: DEFAULT_MJ_PRICE, ...groupRatioFor(services.options, group, userGroup) }
}

/**
 * Submits one drawing task: reads the action, picks the channel (a follow-up goes to the
 * channel of the task it continues), reserves the per-call price, forwards to the proxy, then
 * either keeps the charge and stores the task (codes 1, 21, 22) or gives it all back (any other
 * answer or a failure). Answers with the proxy's JSON.
 */
export async function submitMjTask(
  services: Services,
  input: MjSubmitInput
): Promise<{ status: number; body: string }> {
  let body: Record<string, unknown>
  try {
    const parsed = JSON.parse(input.rawBody || '{}') as unknown
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
    body = parsed as Record<string, unknown>
  } catch {
    throw new MjError(400, 'midjourney.invalid_body')
  }
  const intent = readIntent(input.path, body)
  const model = modelForAction(intent.action)
  const { user, token } = input.caller
  if (token.modelLimits && !token.modelLimits.has(model)) {
    throw token.modelLimits.size === 0
      ? localError(403, 'model_not_allowed', 'token.no_models_allowed', undefined, 'permission_error')
      : localError(403, 'model_not_allowed', 'token.model_not_allowed', { model }, 'permission_error')
  }
  const groups = candidateGroups(services.options, token.group, user.group)
  const snapshot = await services.relay.channels.current()

  let channel: RelayChannel | undefined
  let group = groups[0] as string
  if (intent.originTaskId !== undefined) {
    const origin = await findUserTask(services.db, user.id, intent.originTaskId)
    if (!origin) throw new MjError(404, 'midjourney.task_not_found', { id: intent.originTaskId })
    if (
      intent.action !== MjAction.modal &&
      services.options.bool('MjActionCheckSuccessEnabled') &&
      origin.status !== 'SUCCESS'
    ) {
      throw new MjError(400, 'midjourney.task_not_success')
    }
    channel = snapshot.channels.get(origin.channel_id)
    if (!channel || channel.status !== ChannelStatus.enabled)
      throw new MjError(503, 'midjourney.origin_channel_unavailable')
  } else {
    const route = resolveRoute(snapshot, groups, model, input.caller.pinnedChannelId)
    group = route.group
    channel = selectChannel(route.levels, 0, new Set())?.channel
    if (!channel) throw localError(503, 'model_not_found', 'channel.none', { group, model })
  }
  if (!isMidjourneyChannel(channel)) throw new MjError(400, 'midjourney.channel_not_mj', { id: channel.id })
  // A multi-key channel sends this task with one of its keys, picked as for any request.
  channel = (await services.relay.keys.forAttempt(channel)) ?? channel

  const price = mjPrice(services, model, group, user.group)
  const quotaPerUnit = services.options.number('QuotaPerUnit')
  const quota = computeQuota(price, { promptTokens: 0, completionTokens: 0 }, quotaPerUnit)
  const payer: Payer = { userId: user.id, tokenId: token.id, tokenUnlimited: token.unlimited }
  const { hold, shortfall } = await services.relay.ledger.reserve(payer, quota, {
    username: user.username,
    tokenName: token.name,
    model,
    group,
    requestId: input.requestId,
  })
  if (shortfall === 'token') throw new MjError(403, 'midjourney.token_quota_not_enough')
  if (shortfall === 'user') throw new MjError(403, 'midjourney.quota_not_enough')

  let kept = false
  try {
    // No client abort signal: once the proxy may have accepted the task, the answer must be recorded.
    const forwarded = { ...body }
    // The gateway has no callback for the proxy to call, and a client-chosen URL must not be called on its behalf.
    delete forwarded.notifyHook
    if (services.options.bool('MjModeClearEnabled') && typeof forwarded.prompt === 'string')
      forwarded.prompt = clearModeFlags(forwarded.prompt)
    const answer = await callMjProxy(services, channel, {
      method: 'POST',
      path: `/mj/${input.path}`,
      body: JSON.stringify(forwarded),
    })
    if (answer.status !== 200)
      throw new MjError(502, 'midjourney.upstream_status', { status: answer.status }, { type: 'upstream_error' })
    const reply = parseMjJson(answer.text) as {
      code?: unknown
      description?: unknown
      result?: unknown
      properties?: unknown
    }
    if (!reply || typeof reply !== 'object')
      throw new MjError(502, 'midjourney.upstream_bad_answer', {}, { type: 'upstream_error' })
    const code = Number(reply.code)
    const mjId =
      typeof reply.result === 'string' ? reply.result : typeof reply.result === 'number' ? String(reply.result) : ''
    const accepted = MJ_ACCEPTED_CODES.has(code) && mjId !== ''
    const description = typeof reply.description === 'string' ? reply.description.slice(0, 2000) : ''
    const nowMs = Date.now()
    const billing: TaskBilling = {
      token_id: token.id,
      token_limited: !token.unlimited,
      ...(input.requestId ? { request_id: input.requestId } : {}),
    }
    const row = {
      code: Number.isSafeInteger(code) ? code : 0,
      user_id: user.id,
      action: intent.action,
      mj_id: mjId.slice(0, 128),
      prompt: intent.prompt,
      description,
      submit_time: nowMs,
      // Accepted and waiting for the poller's first word; refusals are overwritten below.
      status: 'SUBMITTED',
      progress: '0%',
      channel_id: channel.id,
      // The reference's column, so its task views and refunds find the token after a move back.
      token_id: token.id,
      quota: accepted ? quota : 0,
      properties: JSON.stringify({ [BILLING_KEY]: billing }),
      image_url: '',
      fail_reason: '',
      start_time: 0,
      finish_time: 0,
    }
    if (!accepted) {
      // Refused: stored for the record, already finished (it never ran, so no finish time), and nothing charged.
      await insertMidjourney(services.db, services.dialect, {
        ...row,
        status: 'FAILURE',
        progress: '100%',
        fail_reason: description || `code ${code}`,
      })
      return { status: 200, body: answer.text }
    }
    let text = answer.text
    const props = reply.properties as { status?: unknown; imageUrl?: unknown } | undefined
    if (
      code === MjSubmitCode.exists &&
      props &&
      typeof props.status === 'string' &&
      typeof props.imageUrl === 'string'
    ) {
      // 21 = the task already exists; when it already succeeded it is stored as finished.
      row.status = props.status
      row.image_url = props.imageUrl
      if (props.status === 'SUCCESS') Object.assign(row, { progress: '100%', start_time: nowMs, finish_time: nowMs })
    }
    if (code === MjSubmitCode.exists && intent.action !== MjAction.inpaint && intent.action !== MjAction.customZoom) {
      // The reference tells clients 1 here; 21 stays only for the modal steps that wait for input.
      text = JSON.stringify({ ...reply, code: MjSubmitCode.submitted })
    }
    await insertMidjourney(services.db, services.dialect, row)
    kept = true
    await chargeSubmit(services, {
      input,
      hold: hold as Hold,
      quota,
      price,
      model,
      group,
      channel,
      mjId,
      upstreamRequestId: answer.upstreamRequestId,
    })
    return { status: 200, body: text }
  } finally {
    if (!kept && hold) await services.relay.ledger.release(hold)
  }
}

/** Records the kept reservation as used quota and writes the consume log of the submit. */
async function chargeSubmit(
  services: Services,
  charge: {
    input: MjSubmitInput
    hold: Hold
    quota: number
    price: Price
    model: string
    group: string
    channel: RelayChannel
    mjId: string
    upstreamRequestId: string
  }
): Promise<void> {
  const { input, quota, price, model, group, channel } = charge
  const now = nowSeconds()
  const modelPrice = price.kind === 'per-call' ? price.modelPrice : 0
  const log = services.options.bool('LogConsumeEnabled')
    ? {
        user_id: input.caller.user.id,
        created_at: now,
        type: LogType.consume,
        ...logTextColumns(
          services.env.DEFAULT_LANGUAGE,
          'log.consume_price',
          { price: modelPrice, group: price.groupRatio },
          {
            model_price: modelPrice,
            group_ratio: price.groupRatio,
            mj_id: charge.mjId,
            admin_info: { use_channel: [channel.id] },
          }
        ),
        username: input.caller.user.username,
        token_name: input.caller.token.name,
        model_name: model,
        prompt_tokens: 0,
        completion_tokens: 0,
        use_time: 0,
        is_stream: false,
        channel_id: channel.id,
        token_id: input.caller.token.id,
        group,
        request_id: input.requestId ?? '',
        upstream_request_id: charge.upstreamRequestId,
      }
    : undefined
  const { user } = input.caller
  await services.relay.ledger.settle(charge.hold, {
    charge: quota,
    now,
    channelId: channel.id,
    tokens: 0,
    userId: user.id,
    username: user.username,
    model,
    rollup: services.options.bool('DataExportEnabled'),
    group,
    log,
  })
}
