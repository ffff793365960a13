import { describe, expect, it } from 'vitest'
import { chat2Link, chatAt, chatEntries, chatSandbox, fillChatLink, fullKey } from './chat-link'

describe('chat links', () => {
  it('fills the key with its sk- prefix and the address raw in the path', () => {
    expect(fullKey('abc')).toBe('sk-abc')
    expect(fullKey('sk-abc')).toBe('sk-abc')
    expect(fillChatLink('https://{address}/chat/{key}', 'abc', 'api.example.com')).toBe(
      'https://api.example.com/chat/sk-abc'
    )
  })

  it('URL-encodes both where they sit in the query or fragment', () => {
    expect(fillChatLink('https://chat.example/?key={key}&url={address}', 'sk-a+b', 'https://api.example/v1')).toBe(
      'https://chat.example/?key=sk-a%2Bb&url=https%3A%2F%2Fapi.example%2Fv1'
    )
    expect(fillChatLink('https://app.example/#/?settings={"key":"{key}"}', 'sk-x', '')).toBe(
      'https://app.example/#/?settings={"key":"sk-x"}'
    )
    expect(fillChatLink('opencat://team/join?domain={address}&token={key}', 'k', 'https://a.b')).toBe(
      'opencat://team/join?domain=https%3A%2F%2Fa.b&token=sk-k'
    )
  })

  it('reads status.chats entries by position and rejects malformed ones', () => {
    const chats = [{ One: 'https://one.example' }, { Two: '' }, {} as Record<string, string>]
    expect(chatEntries(chats)).toEqual([{ label: 'One', url: 'https://one.example' }])
    expect(chatAt(chats, '0')).toEqual({ label: 'One', url: 'https://one.example' })
    expect(chatAt(chats, 1)).toBeNull()
    expect(chatAt(chats, '9')).toBeNull()
    expect(chatAt(chats, 'x')).toBeNull()
  })

  it('picks chat_link for /chat2link, else the first chat', () => {
    expect(chat2Link({ chat_link: 'https://c.example', chats: [{ A: 'https://a.example' }] })).toBe('https://c.example')
    expect(chat2Link({ chat_link: '', chats: [{ A: 'https://a.example' }] })).toBe('https://a.example')
    expect(chat2Link({ chat_link: '', chats: [] })).toBeNull()
  })

  it('allows same-origin storage only to https pages of another origin', () => {
    const base = 'allow-scripts allow-forms allow-popups'
    expect(chatSandbox('https://chat.example/', 'https://console.example')).toBe(`${base} allow-same-origin`)
    expect(chatSandbox('http://chat.example/', 'https://console.example')).toBe(base)
    expect(chatSandbox('https://console.example/chat', 'https://console.example')).toBe(base)
    expect(chatSandbox('/relative', 'https://console.example')).toBe(base)
  })
})
