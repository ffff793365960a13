import { describe, expect, it } from 'vitest'
import { changedEntries, isValidJson, prettyJson, stripTrailingSlashes } from './option-diff'

describe('changedEntries', () => {
  const stored = { SystemName: 'New API', Logo: '', RetryTimes: '0', GitHubOAuthEnabled: 'false', GitHubClientId: '' }

  it('returns only the keys whose edited value differs from the stored one', () => {
    const draft = { SystemName: 'New API', Logo: 'https://x/logo.png', RetryTimes: '0' }
    expect(changedEntries(Object.keys(stored), stored, draft)).toEqual([['Logo', 'https://x/logo.png']])
  })

  it('is empty when nothing was edited or everything was put back', () => {
    expect(changedEntries(Object.keys(stored), stored, {})).toEqual([])
    expect(changedEntries(Object.keys(stored), stored, { SystemName: 'New API' })).toEqual([])
  })

  it('ignores keys outside the form', () => {
    expect(changedEntries(['SystemName'], stored, { Logo: 'x' })).toEqual([])
  })

  it('saves a switch after the settings it depends on', () => {
    const draft = { GitHubOAuthEnabled: 'true', GitHubClientId: 'abc' }
    expect(changedEntries(['GitHubOAuthEnabled', 'GitHubClientId'], stored, draft)).toEqual([
      ['GitHubClientId', 'abc'],
      ['GitHubOAuthEnabled', 'true'],
    ])
  })

  it('sends a secret only when something was typed, even though its stored value is unknown', () => {
    const secrets = new Set(['SMTPToken'])
    expect(changedEntries(['SMTPToken'], {}, { SMTPToken: '' }, secrets)).toEqual([])
    expect(changedEntries(['SMTPToken'], {}, {}, secrets)).toEqual([])
    expect(changedEntries(['SMTPToken'], {}, { SMTPToken: 'p4ss' }, secrets)).toEqual([['SMTPToken', 'p4ss']])
  })
})

describe('JSON helpers', () => {
  it('accepts JSON and refuses the rest', () => {
    expect(isValidJson('{"default":1}')).toBe(true)
    expect(isValidJson('[]')).toBe(true)
    expect(isValidJson('{default:1}')).toBe(false)
    expect(isValidJson('')).toBe(false)
    expect(isValidJson('  ', true)).toBe(true)
  })

  it('indents stored JSON and leaves broken text alone', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}')
    expect(prettyJson('{oops')).toBe('{oops')
    expect(prettyJson(undefined)).toBe('')
  })

  it('strips trailing slashes from addresses', () => {
    expect(stripTrailingSlashes(' https://a.example.com// ')).toBe('https://a.example.com')
  })
})
