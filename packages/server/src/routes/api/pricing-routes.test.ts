import { Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
  await h.services.options.set('ModelRatio', JSON.stringify({ 'gpt-4o': 1.25, 'team-model': 2, 'svip-model': 3 }))
  await h.services.options.set('ModelPrice', JSON.stringify({ 'mj-imagine': 0.1 }))
  await h.services.options.set('GroupRatio', JSON.stringify({ default: 1, vip: 0.5, svip: 2, team: 4 }))
  await h.services.options.set('GroupGroupRatio', JSON.stringify({ team: { vip: 0.25 } }))
})

const channel = async (models: string, group: string, status = 1) => {
  const response = await h.request('POST', '/api/channel/', {
    as: root,
    body: { name: `ch-${group}`, key: 'sk-x', models, group, status },
  })
  expect(response.json?.success, response.text).toBe(true)
}
const pricing = (user?: TestUser) => h.request('GET', '/api/pricing', user ? { as: user } : {})
const names = (data: { model_name: string }[]) => data.map((item) => item.model_name)

describe('GET /api/pricing', () => {
  it('answers logged out with the anonymous usable groups and the models they reach', async () => {
    await channel('gpt-4o,mj-imagine', 'default,vip')
    await channel('svip-model', 'svip')
    await channel('off-model', 'default', 2)
    const response = await pricing()
    expect(response.status).toBe(200)
    expect(response.json?.success).toBe(true)
    const body = response.json as unknown as {
      data: unknown[]
      group_ratio: Record<string, number>
      usable_group: Record<string, string>
      supported_endpoint: Record<string, unknown>
      auto_groups: string[]
    }
    expect(body.usable_group).toEqual({ default: '默认分组', vip: 'vip分组' })
    expect(body.group_ratio).toEqual({ default: 1, vip: 0.5 })
    const openai = ['openai']
    expect(body.data).toEqual([
      {
        model_name: 'gpt-4o',
        quota_type: 0,
        model_ratio: 1.25,
        model_price: 0,
        owner_by: '',
        completion_ratio: 4,
        enable_groups: ['default', 'vip'],
        supported_endpoint_types: openai,
        context_window: 128_000,
        output_limit: 16_384,
      },
      {
        model_name: 'mj-imagine',
        quota_type: 1,
        model_ratio: 0,
        model_price: 0.1,
        owner_by: '',
        completion_ratio: 0,
        enable_groups: ['default', 'vip'],
        supported_endpoint_types: openai,
      },
    ])
    expect(body.supported_endpoint).toEqual({ openai: { path: '/v1/chat/completions', method: 'POST' } })
    // AutoGroups is ['default'] out of the box, and default is usable.
    expect(body.auto_groups).toEqual(['default'])
  })

  it('shows the context window and output limit the model catalog lists, and the catalog price of a model the root did not price', async () => {
    await channel('gemini-2.5-pro,deepseek-chat,team-model', 'default')
    const body = (await pricing()).json as unknown as { data: Record<string, unknown>[] }
    expect(body.data.find((item) => item.model_name === 'gemini-2.5-pro')).toMatchObject({
      model_ratio: 0.625,
      completion_ratio: 8,
      context_window: 1_048_576,
      output_limit: 65_536,
    })
    expect(body.data.find((item) => item.model_name === 'deepseek-chat')).toMatchObject({
      context_window: 128_000,
      output_limit: 8_192,
    })
    const unknown = body.data.find((item) => item.model_name === 'team-model')
    expect(unknown).toMatchObject({ model_ratio: 2 })
    expect(unknown).not.toHaveProperty('context_window')
    expect(unknown).not.toHaveProperty('output_limit')
  })

  it("lists a Claude channel's models on the Anthropic endpoint too", async () => {
    const response = await h.request('POST', '/api/channel/', {
      as: root,
      body: { name: 'claude', type: 14, key: 'sk-x', models: 'claude-x', group: 'default' },
    })
    expect(response.json?.success, response.text).toBe(true)
    const body = (await pricing()).json as unknown as {
      data: { model_name: string; supported_endpoint_types: string[] }[]
      supported_endpoint: Record<string, unknown>
    }
    expect(body.data.find((item) => item.model_name === 'claude-x')?.supported_endpoint_types).toEqual([
      'anthropic',
      'openai',
    ])
    expect(Object.keys(body.supported_endpoint)).toEqual(['anthropic', 'openai'])
  })

  it('adds the signed-in user own group and its special ratios, without needing New-Api-User', async () => {
    await channel('gpt-4o', 'default')
    await channel('team-model', 'team')
    await channel('svip-model', 'svip')
    const member = await h.createUser(Role.user, { group: 'team' })
    const response = await h.request('GET', '/api/pricing', { headers: { cookie: member.cookie } })
    const body = response.json as unknown as {
      data: { model_name: string }[]
      group_ratio: Record<string, number>
      usable_group: Record<string, string>
    }
    expect(Object.keys(body.usable_group).sort()).toEqual(['default', 'team', 'vip'])
    expect(body.group_ratio).toEqual({ default: 1, vip: 0.25, team: 4 })
    expect(names(body.data)).toEqual(['gpt-4o', 'team-model'])
    // A stale or broken session is just an anonymous caller.
    const anonymous = await h.request('GET', '/api/pricing', {
      headers: { cookie: 'session=broken', authorization: 'Bearer nope' },
    })
    expect(anonymous.status).toBe(200)
    expect(names(anonymous.json?.data)).toEqual(['gpt-4o'])
  })

  it('prices a model without a ratio at the default ratio and follows channel changes', async () => {
    expect((await pricing()).json?.data).toEqual([])
    await channel('brand-new', 'default')
    const [item] = ((await pricing(root)).json?.data ?? []) as { model_ratio: number; quota_type: number }[]
    expect(item).toMatchObject({ model_name: 'brand-new', quota_type: 0, model_ratio: 37.5, completion_ratio: 1 })
  })
})
