import bcrypt from 'bcryptjs'
import { describe, expect, it } from 'vitest'
import { SecretBox } from '../../lib/secrets.ts'
import { hashBackupCode, isLegacyHash, matchesLegacyHash, newBackupCodes, normaliseBackupCode } from './backup-codes.ts'

describe('backup codes', () => {
  it('are ten distinct XXXX-XXXX codes', () => {
    const codes = newBackupCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
  })

  it('normalise case, spaces and the dash, and refuse anything else', () => {
    expect(normaliseBackupCode(' ab12 cd34 ')).toBe('AB12-CD34')
    expect(normaliseBackupCode('ab12-cd34')).toBe('AB12-CD34')
    expect(normaliseBackupCode('AB12CD3')).toBeUndefined()
    expect(normaliseBackupCode('AB12-CD3!')).toBeUndefined()
    expect(normaliseBackupCode('123456')).toBeUndefined()
  })

  it('hash with the crypto secret, so another secret gives another hash', () => {
    const one = hashBackupCode(new SecretBox('one'), 'AB12-CD34')
    expect(one).toMatch(/^[0-9a-f]{64}$/)
    expect(hashBackupCode(new SecretBox('one'), 'AB12-CD34')).toBe(one)
    expect(hashBackupCode(new SecretBox('two'), 'AB12-CD34')).not.toBe(one)
    expect(isLegacyHash(one)).toBe(false)
  })

  it("match the reference's bcrypt hashes of the normalised code", async () => {
    const legacy = bcrypt.hashSync('AB12-CD34', 4)
    expect(isLegacyHash(legacy)).toBe(true)
    expect(await matchesLegacyHash('AB12-CD34', legacy)).toBe(true)
    expect(await matchesLegacyHash('AB12-CD35', legacy)).toBe(false)
  })
})
