import { CHANNEL_TYPES, ChannelType } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { adapterFor } from './registry.ts'

/** Served by the task relays (Midjourney proxy, Suno), not by a chat adapter. */
const taskTypes = new Set<number>([ChannelType.midjourney, ChannelType.midjourneyPlus, ChannelType.sunoAPI])

describe('channel type registry', () => {
  it('gives every type the console offers an adapter, a task relay, or a reason it is unsupported — never two of them', () => {
    const problems = CHANNEL_TYPES.filter((info) => {
      const served = adapterFor(info.id) !== undefined || taskTypes.has(info.id)
      return served === (info.unsupported !== undefined)
    }).map((info) => `${info.id} ${info.label}`)
    expect(problems).toEqual([])
  })
})
