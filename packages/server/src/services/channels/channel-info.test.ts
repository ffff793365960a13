import { describe, expect, it } from 'vitest'
import { channelInfoText, maskKey, readChannelInfo, splitChannelKeys } from './channel-info.ts'

describe('channel_info', () => {
  it('reads text, a parsed document and NULL alike', () => {
    const doc = {
      is_multi_key: true,
      multi_key_size: 2,
      multi_key_status_list: { '1': 3 },
      multi_key_polling_index: 1,
      multi_key_mode: 'polling',
    }
    expect(readChannelInfo(JSON.stringify(doc))).toEqual(doc)
    expect(readChannelInfo(doc)).toEqual(doc)
    expect(readChannelInfo(null)).toMatchObject({
      is_multi_key: false,
      multi_key_size: 0,
      multi_key_status_list: null,
      multi_key_mode: '',
    })
    expect(readChannelInfo('not json').is_multi_key).toBe(false)
  })

  it("writes the reference's shape, leaving out empty reason and time maps", () => {
    const text = channelInfoText({
      is_multi_key: true,
      multi_key_size: 1,
      multi_key_status_list: {},
      multi_key_disabled_reason: {},
      multi_key_polling_index: 0,
      multi_key_mode: 'random',
    })
    expect(JSON.parse(text)).toEqual({
      is_multi_key: true,
      multi_key_size: 1,
      multi_key_status_list: {},
      multi_key_polling_index: 0,
      multi_key_mode: 'random',
    })
  })

  it('splits keys by line as stored, or a JSON array of service accounts', () => {
    expect(splitChannelKeys('a\nb\n')).toEqual(['a', 'b'])
    expect(splitChannelKeys('[{"x":1},{"y":2}]')).toEqual(['{"x":1}', '{"y":2}'])
    expect(splitChannelKeys('')).toEqual([])
  })

  it('masks a key to its first 3 and last 4 characters, a short one entirely', () => {
    expect(maskKey('sk-abcdefghijklmnop')).toBe('sk-...mnop')
    expect(maskKey('short')).toBe('*****')
  })
})
