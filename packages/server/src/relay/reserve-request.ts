import { formatQuota } from '@gateway/shared'
import { catalogEntry } from '../services/billing/model-catalog.ts'
import { affordableOutputBudget, worstCaseQuota, type ReservationInput } from '../services/billing/reservation-plan.ts'
import { pricingName, type Price } from '../services/billing/resolve-price.ts'
import type { Services } from '../services/container.ts'
import { countPromptTokens } from './exchange.ts'
import {
  LedgerUnavailableError,
  type Hold,
  type HoldLabel,
  type Payer,
  type ReserveOptions,
} from './ledger/quota-ledger.ts'
import type { RelayRequest } from './parse-request.ts'
import { localError } from './relay-error.ts'

/** Endpoints whose answer is generated text, bounded by an output budget. */
const GENERATING = new Set(['chat', 'completions', 'messages', 'responses', 'gemini'])

/** The smallest answer worth sending upstream when the balance forces a lower budget. */
const MIN_USEFUL_OUTPUT = 256
/** Holds tried, each after a fresh reading of the balance, before a request that lost every race is refused. */
const FIT_ATTEMPTS = 20

export interface Reservation {
  hold: Hold
  balanceAfter?: number
  /** set when the output budget sent upstream was lowered to what the balance affords */
  lowered?: { from: number; to: number }
  /** what the hold covers (prompt, output budget, choices, price), to size it again for another group's price */
  plan: ReservationInput
}

/**
 * Reserves the worst case of a request: the prompt (bounded by the body's length) plus every
 * choice's output budget (the client's max_tokens, else the ReserveOutputTokens setting, or the
 * model's output limit from the model catalog when that is higher). A
 * balance that cannot cover that but covers the prompt and a useful answer gets the request with
 * a lower max_tokens sent upstream (the prompt counted exactly first), so the answer cannot cost
 * more than was reserved; only what cannot be afforded at all is refused, naming the balance and
 * the need.
 */
export async function reserveRequest(
  services: Services,
  request: RelayRequest,
  price: Price,
  payer: Payer,
  label: HoldLabel,
  rawBodyLength: number,
  tokenHash?: string
): Promise<Reservation> {
  const options = { leased: true, tokenHash }
  const generating = GENERATING.has(request.endpoint)
  const budget = generating
    ? (request.maxTokens ?? defaultOutputBudget(services, request.model))
    : (request.maxTokens ?? services.options.number('PreConsumedQuota'))
  const input: ReservationInput = {
    price,
    quotaPerUnit: services.options.number('QuotaPerUnit'),
    // A token is at least one character of the body for any text a tokenizer meets; images count as parts of the body too.
    promptTokens: rawBodyLength,
    outputBudget: budget,
    choices: choicesOf(request),
  }
  const first = await reserve(services, payer, worstCaseQuota(input), label, options)
  if (first.hold) return { hold: first.hold, balanceAfter: first.balanceAfter, plan: input }
  const shortfall = first.shortfall ?? 'user'
  const context = { services, request, payer, label, options }
  if (price.kind === 'per-call') {
    const need = worstCaseQuota(input)
    return reserveFitted(context, { base: input, budget, need, shortfall }, (available) =>
      need <= available ? budget : -1
    )
  }

  // The balance is tight: count the prompt exactly, then fit the output to what is left.
  // The tokenizer is OpenAI's; other providers count the same text up to about a fifth higher.
  const exact: ReservationInput = { ...input, promptTokens: Math.ceil((await countPromptTokens(request)) * 1.25) + 8 }
  const useful = Math.min(budget, MIN_USEFUL_OUTPUT)
  const need = worstCaseQuota({ ...exact, outputBudget: generating ? useful : budget })
  return reserveFitted(context, { base: exact, budget, need, shortfall }, (available) => {
    if (!generating) return worstCaseQuota(exact) <= available ? budget : -1
    const affordable = affordableOutputBudget(exact, available)
    return affordable < useful ? -1 : affordable
  })
}

/** What a reservation that did not fit at once is fitted with. */
interface FitContext {
  services: Services
  request: RelayRequest
  payer: Payer
  label: HoldLabel
  options: ReserveOptions
}

interface FitPlan {
  /** the plan whose output budget is fitted */
  base: ReservationInput
  /** the output budget asked for */
  budget: number
  /** the least the request needs, named in a refusal */
  need: number
  /** which balance fell short last */
  shortfall: 'token' | 'user'
}

/**
 * Holds `plan.base` with the output budget `fit` makes of the balance (-1: it cannot be afforded).
 * Requests racing for one balance take it between a reading and a hold: each failed hold is
 * followed by a fresh reading, so a request is refused when the balance read after the race is
 * below its need, or after FIT_ATTEMPTS holds lost; the refusal names the last reading.
 */
async function reserveFitted(
  { services, request, payer, label, options }: FitContext,
  plan: FitPlan,
  fit: (available: number) => number
): Promise<Reservation> {
  let { shortfall } = plan
  let available = 0
  for (let attempt = 0; attempt < FIT_ATTEMPTS; attempt++) {
    available = await services.relay.ledger.available(payer)
    const output = fit(available)
    if (output < 0) break
    const held = await reserve(services, payer, worstCaseQuota({ ...plan.base, outputBudget: output }), label, options)
    if (!held.hold) {
      shortfall = held.shortfall ?? shortfall
      continue
    }
    const lowered = output < plan.budget
    if (lowered) limitOutput(request, output)
    return {
      hold: held.hold,
      balanceAfter: held.balanceAfter,
      lowered: lowered ? { from: plan.budget, to: output } : undefined,
      plan: { ...plan.base, outputBudget: output },
    }
  }
  throw shortOf(services, shortfall, available, plan.need)
}

/**
 * Without a client max_tokens the upstream may answer up to the model's own output limit, so that
 * limit (when the catalog knows it) bounds the answer. It only ever raises the setting's budget: a
 * channel may map the name to another upstream model, and a catalog entry may lag the provider, so
 * a lower catalog limit is no proof that the answer stays below the setting.
 */
function defaultOutputBudget(services: Services, model: string): number {
  const setting = services.options.number('ReserveOutputTokens')
  const limit = catalogEntry(pricingName(model))?.outputLimit
  return limit !== undefined && limit > setting ? limit : setting
}

async function reserve(services: Services, payer: Payer, amount: number, label: HoldLabel, options: ReserveOptions) {
  try {
    return await services.relay.ledger.reserve(payer, amount, label, options)
  } catch (error) {
    if (error instanceof LedgerUnavailableError) throw localError(503, 'database_unavailable', 'db.unavailable')
    throw error
  }
}

/** n choices (best_of for completions, candidateCount for Gemini) each cost an answer. */
function choicesOf(request: RelayRequest): number {
  const body = request.body
  const count = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value > 0 ? Math.min(value, 128) : 1
  if (request.endpoint === 'gemini')
    return count((body.generationConfig as { candidateCount?: unknown } | undefined)?.candidateCount)
  return Math.max(count(body.n), request.endpoint === 'completions' ? count(body.best_of) : 1)
}

/** Sets the output limit sent upstream, in the field the client's protocol uses. */
function limitOutput(request: RelayRequest, tokens: number): void {
  const body = request.body
  if (request.endpoint === 'responses') body.max_output_tokens = tokens
  else if (request.endpoint === 'gemini')
    body.generationConfig = { ...(body.generationConfig as object | undefined), maxOutputTokens: tokens }
  else if (
    request.endpoint === 'chat' &&
    (body.max_completion_tokens !== undefined || /^(o\d|gpt-5)/.test(request.model))
  ) {
    // OpenAI's reasoning models refuse max_tokens.
    body.max_completion_tokens = tokens
    delete body.max_tokens
  } else body.max_tokens = tokens
  request.maxTokens = tokens
  // The body sent upstream is serialised again from `body`.
  request.rawBody = ''
}

function shortOf(services: Services, side: 'token' | 'user', available: number, need: number) {
  const display = {
    quotaPerUnit: services.options.number('QuotaPerUnit'),
    displayInCurrency: services.options.bool('DisplayInCurrencyEnabled'),
  }
  const params = { balance: formatQuota(Math.max(0, available), display), need: formatQuota(need, display) }
  return side === 'token'
    ? localError(403, 'pre_consume_token_quota_failed', 'quota.token_short', params, 'permission_error')
    : localError(403, 'insufficient_user_quota', 'quota.user_short', params, 'permission_error')
}
