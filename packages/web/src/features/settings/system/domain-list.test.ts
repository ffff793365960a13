import { describe, expect, it } from 'vitest'
import { addDomain, parseDomains, removeDomain } from './domain-list'

describe('email domain list', () => {
  it('parses the stored comma list, dropping blanks', () => {
    expect(parseDomains('gmail.com, qq.com,,')).toEqual(['gmail.com', 'qq.com'])
    expect(parseDomains('')).toEqual([])
  })

  it('adds a domain only if it is non-empty and new', () => {
    expect(addDomain(['gmail.com'], ' Example.COM ')).toEqual(['gmail.com', 'example.com'])
    expect(addDomain(['gmail.com'], '@qq.com')).toEqual(['gmail.com', 'qq.com'])
    expect(addDomain(['gmail.com'], '   ')).toEqual(['gmail.com'])
    expect(addDomain(['gmail.com'], 'GMAIL.com')).toEqual(['gmail.com'])
  })

  it('removes a domain', () => {
    expect(removeDomain(['a.com', 'b.com'], 'a.com')).toEqual(['b.com'])
  })
})
