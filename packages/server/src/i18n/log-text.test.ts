import { logContentParams } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { relayMessages } from '../relay/relay-messages.ts'
import { appendLogTextPart, logText, logTextColumns } from './log-text.ts'
import { messages } from './messages.ts'

const catalogue: Record<string, { zh: string; en: string }> = {
  ...messages,
  ...Object.fromEntries(Object.entries(relayMessages).map(([key, text]) => [`relay.${key}`, text])),
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe('log texts', () => {
  it('has, for every key the console renders from, a catalogue text in both languages with exactly the shared parameters', () => {
    for (const [key, params] of Object.entries(logContentParams)) {
      const entry = catalogue[key] as { zh: string; en: string }
      expect(entry, key).toBeDefined()
      expect(placeholders(entry.zh), `${key} zh`).toEqual([...params].sort())
      expect(placeholders(entry.en), `${key} en`).toEqual([...params].sort())
    }
  })

  it('writes the content in the given language and keeps the key, the parameters and the appended sentences', () => {
    const text = logText('zh', 'log.consume_ratio', { model: 2.5, completion: 4, group: 1 }, [
      { key: 'log.stream_cut' },
      { key: 'log.output_budget_lowered', params: { tokens: 120 } },
    ])
    expect(text.content).toBe(
      '模型倍率 2.5，补全倍率 4，分组倍率 1（流中断，按已生成计费）（余额只够 120 个输出 token，已据此限制）'
    )
    expect(text.fields).toEqual({
      content_key: 'log.consume_ratio',
      content_params: { model: 2.5, completion: 4, group: 1 },
      content_more: [{ key: 'log.stream_cut' }, { key: 'log.output_budget_lowered', params: { tokens: 120 } }],
    })
    expect(logText('en', 'relay.upstream.timeout').content).toBe('The upstream did not answer in time')
    expect(logText('en', 'log.redeemed', { quota: '$5', id: 7 })).toEqual({
      content: 'Topped up $5 with redemption code #7',
      fields: { content_key: 'log.redeemed', content_params: { quota: '$5', id: 7 } },
    })
  })

  it('merges the text fields into the row`s other members', () => {
    const columns = logTextColumns(
      'zh',
      'midjourney.refund_log',
      { id: 'mj-1', quota: '$0.1' },
      { refund: 50_000, mj_id: 'mj-1' }
    )
    expect(columns.content).toBe('构图失败 mj-1，补偿 $0.1')
    expect(JSON.parse(columns.other)).toEqual({
      refund: 50_000,
      mj_id: 'mj-1',
      content_key: 'midjourney.refund_log',
      content_params: { id: 'mj-1', quota: '$0.1' },
    })
  })

  it('appends a sentence to a keyed row and leaves other rows as they are', () => {
    const other = JSON.stringify({
      group_ratio: 1,
      content_key: 'log.consume_price',
      content_params: { price: 0.1, group: 1 },
    })
    expect(JSON.parse(appendLogTextPart(other, { key: 'log.uncollected', params: { quota: '$0.2' } }) ?? '')).toEqual({
      group_ratio: 1,
      content_key: 'log.consume_price',
      content_params: { price: 0.1, group: 1 },
      content_more: [{ key: 'log.uncollected', params: { quota: '$0.2' } }],
    })
    expect(appendLogTextPart('{"group_ratio":1}', { key: 'log.stream_cut' })).toBe('{"group_ratio":1}')
    expect(appendLogTextPart('not json', { key: 'log.stream_cut' })).toBe('not json')
    expect(appendLogTextPart(undefined, { key: 'log.stream_cut' })).toBeUndefined()
  })
})
