import { AppError } from '../../errors/app-error.ts'
import { isOptionKey, type OptionKey } from './option-defaults.ts'

type Rule =
  | { kind: 'boolean' }
  | { kind: 'integer'; min: number; max?: number }
  | { kind: 'number'; min: number }
  | { kind: 'choice'; choices: readonly string[] }
  | {
      kind: 'json'
      shape: 'object' | 'array' | 'ratio-map'
      messageKey?: 'option.topup_group_ratio_json' | 'option.pay_methods_json'
    }
  | { kind: 'url' }
  | { kind: 'text' }

const integer = (min: number, max?: number): Rule => ({ kind: 'integer', min, max })
const number = (min: number): Rule => ({ kind: 'number', min })
const ratioMap: Rule = { kind: 'json', shape: 'ratio-map' }

/** Keys whose value is checked beyond "a string"; every key ending in Enabled is a boolean. */
const rules: Partial<Record<OptionKey, Rule>> = {
  SMTPPort: integer(1, 65535),
  TwoFactorRequiredForAdmins: { kind: 'boolean' },
  SessionIdleTimeoutMinutes: integer(0),
  ServerAddress: { kind: 'url' },
  WorkerUrl: { kind: 'url' },
  PayAddress: { kind: 'url' },
  CustomCallbackAddress: { kind: 'url' },
  WeChatServerAddress: { kind: 'url' },
  Price: number(0),
  MinTopUp: integer(0),
  TopupGroupRatio: { kind: 'json', shape: 'ratio-map', messageKey: 'option.topup_group_ratio_json' },
  PayMethods: { kind: 'json', shape: 'array', messageKey: 'option.pay_methods_json' },
  QuotaPerUnit: number(0.000001),
  RetryTimes: integer(0, 10),
  ResponsesStoreRetentionHours: integer(0),
  USDExchangeRate: number(0),
  DataExportInterval: integer(1),
  DataExportDefaultTime: { kind: 'choice', choices: ['hour', 'day', 'week'] },
  ChannelDisableThreshold: number(0),
  QuotaRemindThreshold: integer(0),
  QuotaForNewUser: integer(0),
  PreConsumedQuota: integer(0),
  ReserveOutputTokens: integer(1),
  QuotaForInviter: integer(0),
  QuotaForInvitee: integer(0),
  ModelRequestRateLimitDurationMinutes: integer(1),
  ModelRequestRateLimitCount: integer(0),
  ModelRequestRateLimitSuccessCount: integer(1),
  GroupRatio: ratioMap,
  UserUsableGroups: { kind: 'json', shape: 'object' },
  GroupGroupRatio: { kind: 'json', shape: 'object' },
  AutoGroups: { kind: 'json', shape: 'array' },
  ModelPrice: ratioMap,
  ModelRatio: ratioMap,
  CompletionRatio: ratioMap,
  CacheRatio: ratioMap,
  Chats: { kind: 'json', shape: 'array' },
  MetricsAccess: { kind: 'choice', choices: ['off', 'token', 'public'] },
}

/** Values are strings, but clients may send `true` or `5`; store their string form. */
export function toOptionString(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'boolean' || typeof value === 'number') return String(value)
  if (value === null || value === undefined) return ''
  return JSON.stringify(value)
}

/**
 * Checks one option value and returns the form to store: trailing slashes stripped from
 * addresses, numbers and booleans in canonical text. Throws a BAD_REQUEST AppError otherwise.
 */
export function normalizeOptionValue(key: string, raw: string): { key: OptionKey; value: string } {
  if (!isOptionKey(key)) throw new AppError('BAD_REQUEST', 'option.unknown_key', { key })
  const rule: Rule = rules[key] ?? (key.endsWith('Enabled') ? { kind: 'boolean' } : { kind: 'text' })
  // Free text keeps its whitespace (notices, footers); every other kind is trimmed.
  const value = rule.kind === 'text' ? raw : raw.trim()
  switch (rule.kind) {
    case 'text':
      return { key, value }
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw new AppError('BAD_REQUEST', 'option.invalid_boolean', { key })
      return { key, value }
    case 'integer': {
      const n = Number(value)
      if (value === '' || !Number.isSafeInteger(n) || n < rule.min || (rule.max !== undefined && n > rule.max)) {
        throw new AppError('BAD_REQUEST', 'option.invalid_integer', { key, min: rule.min })
      }
      return { key, value: String(n) }
    }
    case 'number': {
      const n = Number(value)
      if (value === '' || !Number.isFinite(n) || n < rule.min)
        throw new AppError('BAD_REQUEST', 'option.invalid_number', { key, min: rule.min })
      return { key, value: String(n) }
    }
    case 'choice':
      if (!rule.choices.includes(value)) {
        throw new AppError('BAD_REQUEST', 'option.invalid_choice', { key, choices: rule.choices.join(', ') })
      }
      return { key, value }
    case 'url': {
      const stripped = value.replace(/\/+$/, '')
      if (stripped !== '' && !/^https?:\/\/[^\s]+$/i.test(stripped))
        throw new AppError('BAD_REQUEST', 'option.invalid_url', { key })
      return { key, value: stripped }
    }
    case 'json':
      checkJson(key, value, rule)
      return { key, value }
  }
}

function checkJson(key: OptionKey, value: string, rule: Extract<Rule, { kind: 'json' }>): void {
  const invalid = () => new AppError('BAD_REQUEST', rule.messageKey ?? 'option.invalid_json', { key })
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw invalid()
  }
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
  if (rule.shape === 'array' && !Array.isArray(parsed)) throw invalid()
  if (rule.shape !== 'array' && !isObject) throw invalid()
  if (rule.shape === 'ratio-map') {
    for (const ratio of Object.values(parsed as Record<string, unknown>)) {
      if (typeof ratio !== 'number' || !Number.isFinite(ratio)) throw invalid()
      if (ratio < 0) throw new AppError('BAD_REQUEST', 'option.negative_ratio', { key })
    }
  }
}

/** Switches that only make sense once the settings they depend on are filled in. */
const prerequisites: Partial<
  Record<OptionKey, { needs: OptionKey[]; messageKey: ConstructorParameters<typeof AppError>[1] }>
> = {
  GitHubOAuthEnabled: { needs: ['GitHubClientId'], messageKey: 'option.github_client_id_required' },
  LinuxDOOAuthEnabled: { needs: ['LinuxDOClientId'], messageKey: 'option.linuxdo_client_id_required' },
  EmailDomainRestrictionEnabled: { needs: ['EmailDomainWhitelist'], messageKey: 'option.email_whitelist_required' },
  WeChatAuthEnabled: { needs: ['WeChatServerAddress'], messageKey: 'option.wechat_server_required' },
  TurnstileCheckEnabled: { needs: ['TurnstileSiteKey'], messageKey: 'option.turnstile_key_required' },
  TelegramOAuthEnabled: { needs: ['TelegramBotToken'], messageKey: 'option.telegram_token_required' },
}

/** Refuses to switch a feature on while a setting it needs is empty. */
export function checkPrerequisites(key: OptionKey, value: string, current: (key: OptionKey) => string): void {
  const prerequisite = prerequisites[key]
  if (!prerequisite || value !== 'true') return
  if (prerequisite.needs.some((needed) => current(needed).trim() === '')) {
    throw new AppError('BAD_REQUEST', prerequisite.messageKey)
  }
}
