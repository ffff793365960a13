import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { epaySign, verifyEpaySignature } from './epay-signature.ts'
import { parseMoneyCents } from './top-up-quote.ts'

describe('EPay signature', () => {
  it('signs the sorted non-empty parameters without sign and sign_type, key appended', () => {
    const params = {
      type: 'alipay',
      pid: '1001',
      money: '7.30',
      out_trade_no: 'T1',
      empty: '',
      sign: 'x',
      sign_type: 'MD5',
    }
    const expected = createHash('md5').update('money=7.30&out_trade_no=T1&pid=1001&type=alipayKEY').digest('hex')
    expect(epaySign(params, 'KEY')).toBe(expected)
  })

  it('verifies its own signature and refuses a changed field, a wrong key, a missing sign and an empty key', () => {
    const params: Record<string, string> = {
      pid: '1001',
      money: '7.30',
      out_trade_no: 'T1',
      trade_status: 'TRADE_SUCCESS',
    }
    const signed = { ...params, sign: epaySign(params, 'KEY'), sign_type: 'MD5' }
    expect(verifyEpaySignature(signed, 'KEY')).toBe(true)
    expect(verifyEpaySignature({ ...signed, sign: signed.sign.toUpperCase() }, 'KEY')).toBe(true)
    expect(verifyEpaySignature({ ...signed, money: '0.01' }, 'KEY')).toBe(false)
    expect(verifyEpaySignature(signed, 'OTHER')).toBe(false)
    expect(verifyEpaySignature(params, 'KEY')).toBe(false)
    expect(verifyEpaySignature({ ...params, sign: epaySign(params, '') }, '')).toBe(false)
  })
})

describe('parseMoneyCents', () => {
  it('reads up to two decimals exactly and refuses anything else', () => {
    expect(parseMoneyCents('7.30')).toBe(730)
    expect(parseMoneyCents('7.3')).toBe(730)
    expect(parseMoneyCents('7')).toBe(700)
    expect(parseMoneyCents('0.01')).toBe(1)
    for (const bad of ['', '7.301', '-7', '7e2', ' 7', 'abc', undefined]) expect(parseMoneyCents(bad)).toBeUndefined()
  })
})
