import { describe, expect, it } from 'vitest'
import { topLevelObjectMember } from './top-level-member.ts'

const usage = (json: string) => topLevelObjectMember(json, 'usage')

describe('topLevelObjectMember', () => {
  it('finds the usage object of an answer, wherever it stands among the members', () => {
    expect(usage('{"id":"x","choices":[],"usage":{"prompt_tokens":1,"completion_tokens":2}}')).toBe(
      '{"prompt_tokens":1,"completion_tokens":2}'
    )
    expect(usage(' {"usage" : {"a":{"b":[1,{"c":2}]}} , "model":"m"}\n')).toBe('{"a":{"b":[1,{"c":2}]}}')
  })

  it('does not take a usage inside a string, deeper in the object or in an array', () => {
    expect(
      usage('{"text":"\\"usage\\":{\\"x\\":1}","choices":[{"usage":{"a":1}}],"m":{"usage":{"b":2}}}')
    ).toBeUndefined()
    expect(usage('{"type":"usage","x":{"usage":{}}}')).toBeUndefined()
  })

  it('answers nothing for a usage that is not an object, and the last of two', () => {
    expect(usage('{"usage":null}')).toBeUndefined()
    expect(usage('{"usage":[{"a":1}]}')).toBeUndefined()
    expect(usage('{"usage":{"a":1},"usage":{"a":2}}')).toBe('{"a":2}')
  })

  it('answers nothing for what is not one whole object, so the caller parses it and refuses it', () => {
    for (const broken of [
      '',
      '[{"usage":{}}]',
      '{"usage":{"a":1}',
      '{"usage":{"a":1}}}',
      '{"usage":{"a":1}} trailing',
      '{"usage":{"a":"unterminated}}',
    ])
      expect(usage(broken), broken).toBeUndefined()
  })

  it('agrees with JSON.parse on 5,000 generated objects', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    const value = (depth: number): unknown => {
      const pick = random()
      if (depth > 3 || pick < 0.3) return random() < 0.5 ? Math.round(random() * 100) : 'a "usage": {x} \\ } ]'
      if (pick < 0.5) return null
      if (pick < 0.7) return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1))
      return object(depth + 1)
    }
    const object = (depth: number) => {
      const out: Record<string, unknown> = {}
      for (let i = Math.floor(random() * 4); i > 0; i--) out[random() < 0.3 ? 'usage' : `k${i}`] = value(depth)
      return out
    }
    for (let n = 0; n < 5000; n++) {
      const json = JSON.stringify(object(0))
      const parsed = JSON.parse(json) as { usage?: unknown }
      const member = usage(json)
      const expected =
        parsed.usage && typeof parsed.usage === 'object' && !Array.isArray(parsed.usage) ? parsed.usage : undefined
      expect(member === undefined ? undefined : JSON.parse(member), json).toEqual(expected)
    }
  })
})
