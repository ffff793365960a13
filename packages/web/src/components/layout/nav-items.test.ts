import { Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { buildSidebarNav, buildTopNav, isActivePath, type NavStatus } from './nav-items'

const baseStatus: NavStatus = { chats: [], enable_data_export: false, enable_drawing: false, enable_task: false }
const keys = (status: NavStatus, role: number | null) =>
  buildSidebarNav(status, role === null ? null : { role }).flatMap((group) => group.items.map((item) => item.key))
const groupKeys = (status: NavStatus, role: number) => buildSidebarNav(status, { role }).map((group) => group.key)

describe('buildSidebarNav', () => {
  it('shows the admin group only from role 10 up', () => {
    expect(groupKeys(baseStatus, Role.user)).toEqual([undefined, 'console', 'personal'])
    expect(groupKeys(baseStatus, Role.admin)).toEqual([undefined, 'console', 'admin', 'personal'])
    expect(groupKeys(baseStatus, Role.root)).toContain('admin')
    expect(keys(baseStatus, Role.admin)).toEqual(expect.arrayContaining(['channel', 'redemption', 'user', 'setting']))
    expect(keys(baseStatus, Role.user)).not.toContain('channel')
  })

  it('shows the dashboard only when data export is on', () => {
    expect(keys(baseStatus, Role.user)).not.toContain('detail')
    expect(keys({ ...baseStatus, enable_data_export: true }, Role.user)).toContain('detail')
  })

  it('shows drawing and task logs only when their features are on', () => {
    expect(keys(baseStatus, Role.user)).toEqual(['playground', 'token', 'log', 'topup', 'personal'])
    const all = keys({ ...baseStatus, enable_drawing: true, enable_task: true }, Role.user)
    expect(all).toEqual(expect.arrayContaining(['midjourney', 'task']))
  })

  it('hides chat when no chats are configured', () => {
    expect(keys(baseStatus, Role.user)).not.toContain('chat')
  })

  it('links a single chat straight to /chat/0', () => {
    const [top] = buildSidebarNav({ ...baseStatus, chats: [{ ChatGPT: 'https://chat.example' }] }, { role: Role.user })
    const chat = top?.items.find((item) => item.key === 'chat')
    expect(chat).toMatchObject({ to: '/chat/0' })
    expect(chat?.children).toBeUndefined()
  })

  it('offers a submenu of /chat/{index} for several chats', () => {
    const chats: NavStatus['chats'] = [{ One: 'https://a.example' }, { Two: 'https://b.example' }]
    const [top] = buildSidebarNav({ ...baseStatus, chats }, { role: Role.user })
    const chat = top?.items.find((item) => item.key === 'chat')
    expect(chat?.children).toEqual([
      { label: 'One', to: '/chat/0' },
      { label: 'Two', to: '/chat/1' },
    ])
  })
})

describe('buildTopNav', () => {
  it('adds the external docs link only when set', () => {
    expect(buildTopNav('').map((link) => link.key)).toEqual(['home', 'console', 'pricing', 'about'])
    expect(buildTopNav('https://docs.example').find((link) => link.key === 'docs')).toMatchObject({
      to: 'https://docs.example',
      external: true,
    })
  })
})

describe('isActivePath', () => {
  it('matches nested pages to their section', () => {
    expect(isActivePath('/channel/edit/3', '/channel')).toBe(true)
    expect(isActivePath('/channels', '/channel')).toBe(false)
    expect(isActivePath('/chat/1', '/chat/0')).toBe(false)
  })
})
