import { CHANNEL_TYPES, ChannelType, channelTypeInfo } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import en from '@/i18n/locales/en/channels.json'
import zh from '@/i18n/locales/zh/channels.json'

describe('channel type list', () => {
  it('uses the shared ids once each, and every one has a label in both languages', () => {
    const ids = CHANNEL_TYPES.map((type) => type.id)
    expect(new Set(ids).size).toBe(ids.length)
    const known = new Set<number>(Object.values(ChannelType))
    for (const id of ids) {
      expect(known.has(id)).toBe(true)
      expect(zh.types).toHaveProperty(String(id))
      expect(en.types).toHaveProperty(String(id))
    }
  })

  it('gives the key formats and default addresses the editor shows', () => {
    expect(channelTypeInfo(ChannelType.baidu)?.keyFormat).toBe('APIKey|SecretKey')
    expect(channelTypeInfo(ChannelType.aws)?.keyFormat).toBe('AK|SK|Region')
    expect(channelTypeInfo(ChannelType.vertexAI)?.keyFormat).toBe('service account JSON')
    expect(channelTypeInfo(ChannelType.xunfei)?.keyFormat).toBe('APPID|APISecret|APIKey')
    expect(channelTypeInfo(ChannelType.openAI)?.defaultBaseUrl).toBe('https://api.openai.com')
    expect(CHANNEL_TYPES.every((type) => !type.defaultBaseUrl.endsWith('/'))).toBe(true)
  })
})
