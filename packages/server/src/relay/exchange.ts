import { LogType, type LogContentPart } from '@gateway/shared'
import { logText } from '../i18n/log-text.ts'
import type { Language } from '../i18n/messages.ts'
import { nowSeconds } from '../lib/time.ts'
import { metricsOf } from '../metrics/gateway-metrics.ts'
import type { AnthropicRequest } from '../providers/anthropic/anthropic-api.ts'
import { convertFromAnthropicRequest } from '../providers/anthropic/convert-from-anthropic-request.ts'
import { convertFromGeminiRequest } from '../providers/gemini/convert-from-gemini-request.ts'
import { geminiEmbedTexts } from '../providers/gemini/convert-gemini-embed.ts'
import type { GeminiRequest } from '../providers/gemini/gemini-api.ts'
import { convertFromResponsesRequest } from '../providers/openai-responses/convert-from-responses-request.ts'
import type { ResponsesRequest } from '../providers/openai-responses/responses-api.ts'
import { computeQuota, type Usage } from '../services/billing/compute-quota.ts'
import type { Price } from '../services/billing/resolve-price.ts'
import type { Services } from '../services/container.ts'
import type { RelayTrace } from '../tracing/relay-trace.ts'
import { audioSecondsToTokens, estimatedAudioSeconds } from './audio-usage.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import type { RelayToken, RelayUser } from './cache/token-cache.ts'
import type { Hold, Payer } from './ledger/quota-ledger.ts'
import { fileBytes } from './multipart-body.ts'
import type { RelayRequest } from './parse-request.ts'
import { countChatPromptTokens, countInputTokens, countTextTokens } from './token-counter.ts'

/** Everything one relayed request carries from auth to its log row. */
export interface Exchange {
  services: Services
  requestId: string
  clientIp: string
  /** performance.now() at arrival */
  startedMs: number
  user: RelayUser
  token: RelayToken | undefined
  tokenName: string
  group: string
  request: RelayRequest
  price: Price
  /** the reservation; its row in quota_holds makes the settlement happen once */
  hold: Hold
  payer: Payer
  /** the output budget per choice was lowered to this because the balance could not cover more */
  outputBudgetLowered?: { from: number; to: number }
  /** channel ids in the order they were tried */
  tried: number[]
  channel?: RelayChannel
  upstreamModel?: string
  /** the upstream's id for the answer of the channel that served (its request-id header) */
  upstreamRequestId?: string
  /** reasoning effort the gateway set from the model name's suffix */
  reasoningEffort?: string
  /** ms from arrival to the first streamed token */
  firstTokenMs?: number
  finished: boolean
  /** the user's balance right after the reservation, when the database told it */
  balanceAfterReserve?: number
  /** the request's spans, while tracing is on */
  trace?: RelayTrace | undefined
}

/** How the exchange ended, for billing and the log. */
export interface Outcome {
  usage: Usage | undefined
  /** the produced text, counted when upstream reported no usage */
  completionText?: string
  /** the client went away or the stream broke: bill what was produced */
  partial?: boolean
}

/**
 * Settles the reservation against the real usage and writes the usage log, exactly once per
 * request. Usage comes from upstream; when it did not come (or was implausible) prompt and
 * completion are counted locally. Runs detached from the response, so a client that leaves after
 * the last byte cannot stop its own billing.
 */
export function finishExchange(exchange: Exchange, outcome: Outcome): Promise<void> {
  if (exchange.finished) return Promise.resolve()
  exchange.finished = true
  exchange.services.relay.closed()
  const { services, request } = exchange
  metricsOf(services).ended(
    request.endpoint,
    request.model,
    exchange.channel?.id ?? 0,
    request.stream,
    exchange.startedMs
  )
  if (outcome.usage) return settleExchange(exchange, outcome.usage, outcome.partial === true)
  return countUsage(request, outcome.completionText ?? '').then((usage) =>
    settleExchange(exchange, usage, outcome.partial === true)
  )
}

/**
 * The settlement itself. What is needed after the ledger committed it is copied out first, so the
 * exchange (the request body, its parsed messages, the upstream call) is not kept alive for the
 * settlement window: under load it would otherwise outlive young-generation collections by the
 * thousand and be promoted, and collected later at a higher price.
 */
function settleExchange(exchange: Exchange, usage: Usage, partial: boolean): Promise<void> {
  const { services, request, price } = exchange
  const quotaPerUnit = services.options.number('QuotaPerUnit')
  const charge = computeQuota(price, usage, quotaPerUnit)
  const now = nowSeconds()
  const channelId = exchange.channel?.id ?? 0
  exchange.trace?.settling(usage, partial)
  const display = { quotaPerUnit, displayInCurrency: services.options.bool('DisplayInCurrencyEnabled') }
  const language = services.env.DEFAULT_LANGUAGE
  // The text is built only when a row will be written (LogConsumeEnabled).
  const text = services.options.bool('LogConsumeEnabled')
    ? logContent(price, language, partial, exchange.outputBudgetLowered?.to)
    : undefined
  // The row is written in the settlement's transaction; its quota is what was collected.
  const log = text
    ? {
        user_id: exchange.user.id,
        created_at: now,
        type: LogType.consume,
        content: text.content,
        username: exchange.user.username,
        token_name: exchange.tokenName,
        model_name: request.model,
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        use_time: Math.round((performance.now() - exchange.startedMs) / 1000),
        is_stream: request.stream,
        channel_id: channelId,
        token_id: exchange.token?.id ?? 0,
        group: exchange.group,
        other: JSON.stringify({ ...logOther(exchange, usage), ...text.fields }),
        request_id: exchange.requestId,
        upstream_request_id: exchange.upstreamRequestId ?? '',
      }
    : undefined
  const settled: Settled = {
    services,
    user: exchange.user,
    model: request.model,
    endpoint: request.endpoint,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    firstTokenMs: exchange.firstTokenMs,
    now,
    held: exchange.hold.amount,
    balanceAfterReserve: exchange.balanceAfterReserve,
    trace: exchange.trace,
  }
  return services.relay.ledger
    .settle(exchange.hold, {
      charge,
      now,
      channelId,
      tokens: usage.promptTokens + usage.completionTokens,
      userId: exchange.user.id,
      username: exchange.user.username,
      model: request.model,
      rollup: services.options.bool('DataExportEnabled'),
      group: exchange.group,
      log,
      note: { language, ...display },
    })
    .then((collected) => afterSettlement(settled, collected))
}

/** What a committed settlement still has to do: its trace, its metrics and a low-balance warning. */
interface Settled {
  services: Services
  user: RelayUser
  model: string
  endpoint: RelayRequest['endpoint']
  promptTokens: number
  completionTokens: number
  firstTokenMs: number | undefined
  now: number
  held: number
  balanceAfterReserve: number | undefined
  trace: RelayTrace | undefined
}

async function afterSettlement(settled: Settled, collected: number): Promise<void> {
  const { services, user, now } = settled
  settled.trace?.settled(collected)
  metricsOf(services).settled(
    settled.model,
    settled.promptTokens,
    settled.completionTokens,
    collected,
    settled.firstTokenMs,
    settled.endpoint
  )
  if (collected > 0 && services.relay.warnings.mayWarn(user.id, now)) {
    // The balance the reservation left, corrected by this settlement; read it only where the database could not tell.
    const after =
      settled.balanceAfterReserve !== undefined
        ? settled.balanceAfterReserve + settled.held - collected
        : await services.relay.ledger.balance(user.id)
    services.relay.track(services.relay.warnings.check(user, after + collected, after, now))
  }
}

/** Gives the whole reservation back: nothing was produced. */
export async function abandonExchange(exchange: Exchange): Promise<void> {
  if (exchange.finished) return
  exchange.finished = true
  exchange.services.relay.closed()
  await exchange.services.relay.ledger.release(exchange.hold)
}

async function countUsage(request: RelayRequest, completionText: string): Promise<Usage> {
  return {
    promptTokens: await countPromptTokens(request),
    completionTokens: await countTextTokens(request.model, completionText),
  }
}

/** The prompt's tokens as the tokenizer counts them, for a request whose upstream reported none. */
export async function countPromptTokens(request: RelayRequest): Promise<number> {
  const body = request.body
  if (request.endpoint === 'chat') return countChatPromptTokens(request.model, body.messages, body.tools)
  if (request.endpoint === 'messages') {
    // Counted as the same conversation in OpenAI's shape (system, tool results and images included).
    const asChat = convertFromAnthropicRequest(body as unknown as AnthropicRequest, request.model)
    return countChatPromptTokens(request.model, asChat.messages, asChat.tools)
  }
  if (request.endpoint === 'gemini') {
    const asChat = convertFromGeminiRequest(body as unknown as GeminiRequest, request.model, false)
    return countChatPromptTokens(request.model, asChat.messages, asChat.tools)
  }
  if (request.endpoint === 'gemini-embed' || request.endpoint === 'gemini-batch-embed')
    return countInputTokens(request.model, geminiEmbedTexts(body, request.endpoint === 'gemini-batch-embed'))
  if (request.endpoint === 'responses') {
    const asChat = convertFromResponsesRequest(body as ResponsesRequest, request.model)
    return countChatPromptTokens(request.model, asChat.messages, asChat.tools)
  }
  if (request.endpoint === 'images' || request.endpoint === 'image-edits')
    return typeof body.n === 'number' ? body.n : 1
  if (request.endpoint === 'transcriptions' || request.endpoint === 'translations') {
    return audioSecondsToTokens(estimatedAudioSeconds(request.multipart ? fileBytes(request.multipart.form) : 0))
  }
  if (request.endpoint === 'speech') {
    // tts models are priced per character, as OpenAI bills them.
    const text = typeof body.input === 'string' ? body.input : ''
    return request.model.startsWith('tts') ? [...text].length : countTextTokens(request.model, text)
  }
  if (request.endpoint === 'rerank') {
    const documents = Array.isArray(body.documents)
      ? body.documents.map((d) =>
          typeof d === 'string'
            ? d
            : typeof (d as { text?: unknown })?.text === 'string'
              ? (d as { text: string }).text
              : ''
        )
      : []
    return countInputTokens(request.model, [typeof body.query === 'string' ? body.query : '', ...documents])
  }
  return countInputTokens(request.model, request.endpoint === 'completions' ? body.prompt : body.input)
}

/** The log's text, in DEFAULT_LANGUAGE; ratios as configured (not rounded), the full explanation is in `other`. */
function logContent(
  price: Price,
  language: Language,
  partial: boolean,
  loweredTo: number | undefined
): ReturnType<typeof logText> {
  if (!partial && loweredTo === undefined) {
    // The usual row: its text depends on the price alone, so it is rendered once per price.
    const key =
      price.kind === 'per-call'
        ? `${language} p ${price.modelPrice} ${price.groupRatio}`
        : `${language} r ${price.modelRatio} ${price.completionRatio} ${price.groupRatio}`
    let text = usualTexts.get(key)
    if (!text) {
      if (usualTexts.size >= 1000) usualTexts.clear()
      text = renderLogContent(price, language, [])
      usualTexts.set(key, text)
    }
    return text
  }
  const more: LogContentPart[] = []
  if (partial) more.push({ key: 'log.stream_cut' })
  if (loweredTo !== undefined) more.push({ key: 'log.output_budget_lowered', params: { tokens: loweredTo } })
  return renderLogContent(price, language, more)
}

/** Texts of rows with nothing more to say than the price, by price and language (shared: never mutated). */
const usualTexts = new Map<string, ReturnType<typeof logText>>()

function renderLogContent(price: Price, language: Language, more: LogContentPart[]): ReturnType<typeof logText> {
  return price.kind === 'per-call'
    ? logText(language, 'log.consume_price', { price: price.modelPrice, group: price.groupRatio }, more)
    : logText(
        language,
        'log.consume_ratio',
        { model: price.modelRatio, completion: price.completionRatio, group: price.groupRatio },
        more
      )
}

function logOther(exchange: Exchange, usage: Usage): Record<string, unknown> {
  const { price } = exchange
  const other: Record<string, unknown> = {
    group_ratio: price.groupRatio,
    frt: exchange.firstTokenMs ?? -1,
    // Which key of a multi-key channel answered, as the reference's log shows it to admins.
    admin_info: {
      use_channel: exchange.tried,
      ...(exchange.channel?.keyIndex === undefined
        ? {}
        : { is_multi_key: true, multi_key_index: exchange.channel.keyIndex }),
    },
  }
  if (price.userGroupRatio !== undefined) other.user_group_ratio = price.userGroupRatio
  if (price.kind === 'per-call') other.model_price = price.modelPrice
  else {
    other.model_ratio = price.modelRatio
    other.completion_ratio = price.completionRatio
    other.model_price = -1
    other.cache_tokens = usage.cachedTokens ?? 0
    other.cache_ratio = price.cacheRatio
    if (usage.cacheCreationTokens) {
      other.cache_creation_tokens = usage.cacheCreationTokens
      other.cache_creation_ratio = price.cacheCreationRatio
    }
  }
  if (exchange.reasoningEffort) other.reasoning_effort = exchange.reasoningEffort
  if (exchange.outputBudgetLowered) other.output_budget_lowered = exchange.outputBudgetLowered
  if (exchange.upstreamModel && exchange.upstreamModel !== exchange.request.model) {
    other.is_model_mapped = true
    other.upstream_model_name = exchange.upstreamModel
  }
  return other
}
