import { makeToken } from '@test/api'
import { describe, expect, it } from 'vitest'
import { formatDateTimeInput, parseDateTimeInput } from '@/lib/date-time'
import { batchTokenName, defaultTokenForm, tokenFormToPayload, tokenToForm, validateTokenForm } from './token-form'

describe('token form rules', () => {
  it('starts with 500000 quota, never expiring, one token', () => {
    const values = defaultTokenForm(false)
    expect(values).toMatchObject({ remainQuota: '500000', expires: '', count: '1', group: '' })
    expect(defaultTokenForm(true).group).toBe('auto')
    expect(validateTokenForm(values, 'create')).toEqual({})
  })

  it('rejects a negative, fractional or missing quota unless unlimited', () => {
    const base = defaultTokenForm(false)
    expect(validateTokenForm({ ...base, remainQuota: '-1' }, 'edit').remainQuota).toBe(
      'common:validation.quotaNegative'
    )
    expect(validateTokenForm({ ...base, remainQuota: '1.5' }, 'edit').remainQuota).toBe(
      'common:validation.quotaInteger'
    )
    expect(validateTokenForm({ ...base, remainQuota: '' }, 'edit').remainQuota).toBe('common:validation.quotaRequired')
    expect(validateTokenForm({ ...base, remainQuota: '', unlimitedQuota: true }, 'edit')).toEqual({})
  })

  it('checks the expiry format and the batch count', () => {
    const base = defaultTokenForm(false)
    expect(validateTokenForm({ ...base, expires: '2025-02-30 10:00:00' }, 'create').expires).toBe(
      'validation.expiresInvalid'
    )
    expect(validateTokenForm({ ...base, expires: 'tomorrow' }, 'create').expires).toBe('validation.expiresInvalid')
    expect(validateTokenForm({ ...base, expires: '2030-01-02 03:04:05' }, 'create')).toEqual({})
    expect(validateTokenForm({ ...base, count: '0' }, 'create').count).toBe('common:validation.countRange')
    expect(validateTokenForm({ ...base, count: '101' }, 'create').count).toBe('common:validation.countRange')
    expect(validateTokenForm({ ...base, count: '101' }, 'edit').count).toBeUndefined()
  })

  it('limits the name, leaving room for the suffix in a batch', () => {
    const base = defaultTokenForm(false)
    expect(validateTokenForm({ ...base, name: 'x'.repeat(31) }, 'edit').name).toBe('validation.nameTooLong')
    expect(validateTokenForm({ ...base, name: 'x'.repeat(24), count: '2' }, 'create').name).toBe(
      'validation.nameTooLongBatch'
    )
    expect(validateTokenForm({ ...base, name: 'x'.repeat(24) }, 'create').name).toBeUndefined()
  })

  it('round-trips a token through the form into the payload', () => {
    const expiry = parseDateTimeInput('2031-05-06 07:08:09')!
    const token = makeToken({
      expired_time: expiry,
      model_limits_enabled: true,
      model_limits: 'a,b',
      allow_ips: '1.2.3.4',
      group: 'vip',
    })
    const values = tokenToForm(token)
    expect(values.expires).toBe('2031-05-06 07:08:09')
    expect(values.modelLimits).toEqual(['a', 'b'])
    expect(tokenFormToPayload(values)).toEqual({
      name: 'alpha',
      remain_quota: 500_000,
      unlimited_quota: false,
      expired_time: expiry,
      model_limits_enabled: true,
      model_limits: 'a,b',
      allow_ips: '1.2.3.4',
      group: 'vip',
      cross_group_retry: false,
    })
    expect(tokenFormToPayload({ ...values, expires: '' }).expired_time).toBe(-1)
    // Cross-group retry is the auto group's: sent as set there, false with any other group.
    const auto = tokenToForm(makeToken({ group: 'auto', cross_group_retry: true }))
    expect(auto.crossGroupRetry).toBe(true)
    expect(tokenFormToPayload(auto).cross_group_retry).toBe(true)
    expect(tokenFormToPayload({ ...auto, crossGroupRetry: false }).cross_group_retry).toBe(false)
    expect(tokenFormToPayload({ ...auto, group: 'vip' }).cross_group_retry).toBe(false)
    expect(defaultTokenForm(true).crossGroupRetry).toBe(true)
  })

  it('formats and parses yyyy-MM-dd HH:mm:ss in local time', () => {
    const seconds = Math.floor(new Date(2030, 0, 2, 3, 4, 5).getTime() / 1000)
    expect(formatDateTimeInput(seconds)).toBe('2030-01-02 03:04:05')
    expect(parseDateTimeInput('2030-01-02 03:04:05')).toBe(seconds)
    expect(parseDateTimeInput('2030-01-02 24:00:00')).toBeNull()
  })

  it('names the extra tokens of a batch with a six-character suffix', () => {
    expect(batchTokenName('app', 0)).toBe('app')
    expect(batchTokenName('app', 1)).toMatch(/^app-[A-Za-z0-9]{6}$/)
  })
})
