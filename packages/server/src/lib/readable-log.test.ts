import { describe, expect, it } from 'vitest'
import { createLogger } from './logger.ts'
import { formatLogLine } from './readable-log.ts'

describe('readable logs on a terminal', () => {
  it('prints time, level, message and the fields, without pid and hostname', () => {
    const time = new Date(2026, 0, 2, 3, 4, 5).getTime()
    const line = JSON.stringify({
      level: 40,
      time,
      pid: 1,
      hostname: 'h',
      path: '/data/secret.key',
      msg: 'using a generated secret',
    })
    expect(formatLogLine(line)).toBe('03:04:05 WARN  using a generated secret  path=/data/secret.key\n')
  })

  it('writes JSON values of non-string fields and passes other text through', () => {
    const line = JSON.stringify({
      level: 30,
      time: new Date(2026, 0, 2, 13, 0, 0).getTime(),
      port: 3000,
      msg: 'console at http://localhost:3000',
    })
    expect(formatLogLine(line)).toBe('13:00:00 INFO  console at http://localhost:3000  port=3000\n')
    expect(formatLogLine('not json')).toBe('not json\n')
  })

  it('is what the logger writes on a terminal, secrets still redacted', () => {
    const written: string[] = []
    const logger = createLogger('info', { write: (text: string) => written.push(text) })
    logger.warn({ path: '/data/secret.key', password: 'hunter22' }, 'using a generated secret')
    expect(written).toHaveLength(1)
    expect(written[0]).toMatch(
      /^\d\d:\d\d:\d\d WARN {2}using a generated secret {2}path=\/data\/secret.key {2}password=\[redacted\]\n$/
    )
  })
})
