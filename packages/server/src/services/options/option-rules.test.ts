import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors/app-error.ts'
import { isSecretOptionKey, optionDefaults } from './option-defaults.ts'
import { checkPrerequisites, normalizeOptionValue, toOptionString } from './option-rules.ts'

const messageKeyOf = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (error) {
    return error instanceof AppError ? error.messageKey : 'not an AppError'
  }
  return undefined
}

describe('normalizeOptionValue', () => {
  it('refuses unknown keys', () => {
    expect(messageKeyOf(() => normalizeOptionValue('IsAdmin', 'true'))).toBe('option.unknown_key')
  })
  it('accepts only true/false for switches', () => {
    expect(normalizeOptionValue('RegisterEnabled', 'false').value).toBe('false')
    expect(messageKeyOf(() => normalizeOptionValue('RegisterEnabled', 'yes'))).toBe('option.invalid_boolean')
  })
  it('strips trailing slashes from addresses', () => {
    expect(normalizeOptionValue('ServerAddress', 'https://gw.example.com//').value).toBe('https://gw.example.com')
    expect(normalizeOptionValue('PayAddress', 'https://pay.example.com/').value).toBe('https://pay.example.com')
    expect(messageKeyOf(() => normalizeOptionValue('WorkerUrl', 'javascript:alert(1)'))).toBe('option.invalid_url')
  })
  it('checks numbers and their bounds', () => {
    expect(normalizeOptionValue('QuotaForNewUser', ' 100 ').value).toBe('100')
    expect(messageKeyOf(() => normalizeOptionValue('QuotaForNewUser', '-1'))).toBe('option.invalid_integer')
    expect(messageKeyOf(() => normalizeOptionValue('QuotaForNewUser', '1.5'))).toBe('option.invalid_integer')
    expect(messageKeyOf(() => normalizeOptionValue('DataExportInterval', '0'))).toBe('option.invalid_integer')
    expect(messageKeyOf(() => normalizeOptionValue('Price', 'abc'))).toBe('option.invalid_number')
    expect(normalizeOptionValue('SessionIdleTimeoutMinutes', '0').value).toBe('0')
    expect(normalizeOptionValue('SessionIdleTimeoutMinutes', ' 60 ').value).toBe('60')
    expect(messageKeyOf(() => normalizeOptionValue('SessionIdleTimeoutMinutes', '-5'))).toBe('option.invalid_integer')
    expect(messageKeyOf(() => normalizeOptionValue('SessionIdleTimeoutMinutes', '2.5'))).toBe('option.invalid_integer')
    expect(normalizeOptionValue('ResponsesStoreRetentionHours', '0').value).toBe('0')
    expect(messageKeyOf(() => normalizeOptionValue('ResponsesStoreRetentionHours', '-1'))).toBe(
      'option.invalid_integer'
    )
    expect(messageKeyOf(() => normalizeOptionValue('ResponsesStoreRetentionHours', '1.5'))).toBe(
      'option.invalid_integer'
    )
  })
  it('checks JSON options with their own messages', () => {
    expect(messageKeyOf(() => normalizeOptionValue('TopupGroupRatio', '{bad'))).toBe('option.topup_group_ratio_json')
    expect(messageKeyOf(() => normalizeOptionValue('PayMethods', '{}'))).toBe('option.pay_methods_json')
    expect(messageKeyOf(() => normalizeOptionValue('GroupRatio', '{"default":-1}'))).toBe('option.negative_ratio')
    expect(messageKeyOf(() => normalizeOptionValue('ModelRatio', '{"m":"x"}'))).toBe('option.invalid_json')
    expect(normalizeOptionValue('GroupRatio', '{"default":1,"vip":0.5}').value).toBe('{"default":1,"vip":0.5}')
  })
  it('restricts the dashboard granularity', () => {
    expect(messageKeyOf(() => normalizeOptionValue('DataExportDefaultTime', 'month'))).toBe('option.invalid_choice')
  })
  it('keeps free text as typed', () => {
    expect(normalizeOptionValue('Notice', '  hello\n').value).toBe('  hello\n')
  })
})

describe('checkPrerequisites', () => {
  const empty = () => ''
  it('needs a client id before GitHub OAuth is switched on', () => {
    expect(messageKeyOf(() => checkPrerequisites('GitHubOAuthEnabled', 'true', empty))).toBe(
      'option.github_client_id_required'
    )
    expect(messageKeyOf(() => checkPrerequisites('GitHubOAuthEnabled', 'true', () => 'id'))).toBeUndefined()
    expect(messageKeyOf(() => checkPrerequisites('GitHubOAuthEnabled', 'false', empty))).toBeUndefined()
  })
  it('guards every login integration', () => {
    for (const key of [
      'LinuxDOOAuthEnabled',
      'EmailDomainRestrictionEnabled',
      'WeChatAuthEnabled',
      'TurnstileCheckEnabled',
      'TelegramOAuthEnabled',
    ] as const) {
      expect(messageKeyOf(() => checkPrerequisites(key, 'true', empty))).toMatch(/^option\./)
    }
  })
})

describe('option defaults', () => {
  it('are all strings that pass their own rules', () => {
    for (const [key, value] of Object.entries(optionDefaults)) {
      expect(() => normalizeOptionValue(key, value), key).not.toThrow()
    }
  })
  it('hide secrets but not the public Turnstile site key', () => {
    expect(isSecretOptionKey('GitHubClientSecret')).toBe(true)
    expect(isSecretOptionKey('SMTPToken')).toBe(true)
    expect(isSecretOptionKey('EpayKey')).toBe(true)
    expect(isSecretOptionKey('TurnstileSiteKey')).toBe(false)
    expect(isSecretOptionKey('GitHubClientId')).toBe(false)
  })
  it('stringify loose client values', () => {
    expect(toOptionString(true)).toBe('true')
    expect(toOptionString(5)).toBe('5')
    expect(toOptionString({ a: 1 })).toBe('{"a":1}')
  })
})
