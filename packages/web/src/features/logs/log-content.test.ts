import { logContentParams, type Log } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { resources } from '@/i18n/resources'
import { logContentText } from './log-content'

const row = (content: string, other: unknown): Pick<Log, 'content' | 'other'> => ({
  content,
  other: typeof other === 'string' ? other : JSON.stringify(other),
})
const en = i18n.getFixedT('en', 'logs')
const zh = i18n.getFixedT('zh', 'logs')

const consumed = row('模型倍率 2.5，补全倍率 4，分组倍率 1（流中断，按已生成计费）', {
  group_ratio: 1,
  content_key: 'log.consume_ratio',
  content_params: { model: 2.5, completion: 4, group: 1 },
  content_more: [{ key: 'log.stream_cut' }],
})

describe('logContentText', () => {
  it('renders a keyed row in the console language, appended sentences included', () => {
    expect(logContentText(consumed, en)).toBe(
      'Model ratio 2.5, completion ratio 4, group ratio 1 (stream cut: billed for what was produced)'
    )
    expect(logContentText(consumed, zh)).toBe('模型倍率 2.5，补全倍率 4，分组倍率 1（流中断，按已生成计费）')
    const redeemed = row('通过兑换码充值 $5，兑换码ID 7', {
      content_key: 'log.redeemed',
      content_params: { quota: '$5', id: 7 },
    })
    expect(logContentText(redeemed, en)).toBe('Topped up $5 with redemption code #7')
    const failed = row('请求上游地址失败', {
      status_code: 502,
      content_key: 'relay.upstream.failed',
      content_params: {},
    })
    expect(logContentText(failed, en)).toBe('The upstream request failed')
  })

  it('falls back to the stored text for rows without a key, with an unknown key, or with unreadable fields', () => {
    expect(logContentText(row('旧的日志', ''), en)).toBe('旧的日志')
    expect(logContentText(row('旧的日志', { group_ratio: 1 }), en)).toBe('旧的日志')
    expect(logContentText(row('未来的日志', { content_key: 'log.not_yet_known', content_params: {} }), en)).toBe(
      '未来的日志'
    )
    expect(
      logContentText(row('追加未知', { content_key: 'log.stream_cut', content_more: [{ key: 'log.unknown' }] }), en)
    ).toBe('追加未知')
    expect(logContentText(row('参数错误', { content_key: 'log.redeemed', content_params: 'quota' }), en)).toBe(
      '参数错误'
    )
    expect(logContentText(row('not json', '{oops'), en)).toBe('not json')
  })

  it('has a text for every shared key in both languages with exactly its parameters', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()
    for (const language of ['zh', 'en'] as const) {
      for (const [key, params] of Object.entries(logContentParams)) {
        const text = key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown> | undefined)?.[part],
            resources[language].logs.text
          )
        expect(text, `${language} ${key}`).toBeTypeOf('string')
        expect(placeholders(text), `${language} ${key}`).toEqual([...params].sort())
      }
    }
  })
})
