import { ChannelStatus, ChannelType } from '@gateway/shared'
import { setChannelStatus } from '../../db/queries/channel-status.ts'
import { listChannelIds, setChannelBalance } from '../../db/queries/channels.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate } from '../../i18n/messages.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { RelayChannel } from '../../relay/cache/channel-cache.ts'
import type { Services } from '../container.ts'
import { startChannelRun, type ChannelRun } from './channel-runs.ts'
import { ChannelCallError, field, firstKeyLine, getChannelJson, toNumber } from './channel-upstream-fetch.ts'

type Get = (path: string, headers: Record<string, string>) => Promise<unknown>

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

interface BalanceSource {
  /** used when the channel has no base URL of its own */
  defaultBaseUrl: string
  read(get: Get, key: string): Promise<number>
}

/** YYYY-MM-DD in UTC, as OpenAI's usage endpoint wants its dates. */
const day = (date: Date) => date.toISOString().slice(0, 10)

/** @see https://platform.openai.com/docs/api-reference (legacy dashboard billing endpoints, still served by many resellers) */
const openAIStyle: BalanceSource = {
  defaultBaseUrl: 'https://api.openai.com',
  async read(get, key) {
    const subscription = await get('/v1/dashboard/billing/subscription', bearer(key))
    const now = Date.now()
    // The reference asks for the last 100 days, to tomorrow (the end date is exclusive).
    const range = `start_date=${day(new Date(now - 100 * 86_400_000))}&end_date=${day(new Date(now + 86_400_000))}`
    const usage = await get(`/v1/dashboard/billing/usage?${range}`, bearer(key))
    // total_usage is in cents.
    return toNumber(field(subscription, 'hard_limit_usd')) - toNumber(field(usage, 'total_usage')) / 100
  },
}

/**
 * Balance endpoints per channel type (the reference system's, plus OpenRouter). Amounts are kept
 * in the upstream's own currency (SiliconFlow and DeepSeek answer CNY), as the reference does.
 */
const balanceSources: Partial<Record<number, BalanceSource>> = {
  [ChannelType.openAI]: openAIStyle,
  [ChannelType.custom]: openAIStyle,
  [ChannelType.siliconFlow]: {
    defaultBaseUrl: 'https://api.siliconflow.cn',
    async read(get, key) {
      const answer = await get('/v1/user/info', bearer(key))
      const code = field(answer, 'code')
      if (code !== undefined && code !== 20000)
        throw new ChannelCallError(String(field(answer, 'message') ?? `code ${String(code)}`))
      return toNumber(field(field(answer, 'data'), 'totalBalance'))
    },
  },
  [ChannelType.deepSeek]: {
    defaultBaseUrl: 'https://api.deepseek.com',
    async read(get, key) {
      const infos = field(await get('/user/balance', bearer(key)), 'balance_infos')
      const list = Array.isArray(infos) ? infos : []
      // An account may hold CNY and USD; the reference reports the CNY one.
      const info = list.find((entry) => field(entry, 'currency') === 'CNY') ?? list[0]
      return toNumber(field(info, 'total_balance'))
    },
  },
  [ChannelType.openRouter]: {
    defaultBaseUrl: 'https://openrouter.ai/api',
    async read(get, key) {
      const data = field(await get('/v1/credits', bearer(key)), 'data')
      return toNumber(field(data, 'total_credits')) - toNumber(field(data, 'total_usage'))
    },
  },
  10: {
    // AIProxy: its own header, and a success flag instead of HTTP statuses.
    defaultBaseUrl: 'https://aiproxy.io',
    async read(get, key) {
      const answer = await get('/api/report/getUserOverview', { 'api-key': key })
      if (field(answer, 'success') !== true)
        throw new ChannelCallError(String(field(answer, 'message') ?? 'request failed'))
      return toNumber(field(field(answer, 'data'), 'totalPoints'))
    },
  },
  12: {
    defaultBaseUrl: 'https://api.api2gpt.com',
    read: async (get, key) =>
      toNumber(field(await get('/dashboard/billing/credit_grants', bearer(key)), 'total_remaining')),
  },
  13: {
    defaultBaseUrl: 'https://api.aigc2d.com',
    read: async (get, key) =>
      toNumber(field(await get('/dashboard/billing/credit_grants', bearer(key)), 'total_available')),
  },
}

export const supportsBalance = (type: number): boolean => balanceSources[type] !== undefined

/**
 * GET /api/channel/update_balance/:id: asks the upstream for the balance, stores it with the time,
 * and disables an auto-ban channel that has nothing left (when AutomaticDisableChannelEnabled).
 */
export async function updateChannelBalance(services: Services, id: number): Promise<number> {
  const channel = (await services.relay.channels.current()).channels.get(id)
  if (!channel) throw new AppError('NOT_FOUND', 'channel.not_found')
  const source = balanceSources[channel.type]
  if (!source) throw new AppError('BAD_REQUEST', 'channel.balance_unsupported')
  let balance: number
  try {
    balance = await readBalance(services, channel, source)
  } catch (error) {
    if (error instanceof ChannelCallError)
      throw new AppError('BAD_REQUEST', 'channel.balance_failed', { reason: error.reason })
    throw error
  }
  const now = nowSeconds()
  await setChannelBalance(services.db, id, balance, now)
  if (balance <= 0 && services.options.bool('AutomaticDisableChannelEnabled') && channel.autoBan) {
    const reason = translate('channel.no_balance', services.env.DEFAULT_LANGUAGE)
    if (await setChannelStatus(services.db, id, ChannelStatus.autoDisabled, reason, now, [ChannelStatus.enabled])) {
      await services.changes.publish({ kind: 'channels' })
    }
  }
  return balance
}

async function readBalance(services: Services, channel: RelayChannel, source: BalanceSource): Promise<number> {
  const key = firstKeyLine(channel.key)
  const base = (channel.baseUrl || source.defaultBaseUrl).replace(/\/+$/, '')
  const get: Get = (path, headers) => getChannelJson(services, `${base}${path}`, headers, key, channel.privateNetwork)
  const balance = await source.read(get, key)
  if (!Number.isFinite(balance)) throw new ChannelCallError('the answer carries no balance')
  return Math.round(balance * 1e6) / 1e6
}

/**
 * GET /api/channel/update_balance and the CHANNEL_UPDATE_FREQUENCY job: every enabled channel of a
 * type with a balance endpoint, one after another. Undefined when a run is already going.
 */
export async function startBalanceUpdateRun(services: Services): Promise<ChannelRun | undefined> {
  const snapshot = await services.relay.channels.current()
  const ids = (await listChannelIds(services.db, { statuses: [ChannelStatus.enabled] })).filter((id) => {
    const channel = snapshot.channels.get(id)
    return channel !== undefined && supportsBalance(channel.type)
  })
  return startChannelRun(services, 'balance', ids, async (id) => (await updateChannelBalance(services, id)) > 0)
}
