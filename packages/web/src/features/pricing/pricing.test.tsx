import type { PricingItem } from '@gateway/shared'
import { serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import {
  filterPricing,
  formatUsd,
  groupRatioVariant,
  initialGroup,
  inputPricePerMillion,
  outputPricePerMillion,
} from './pricing'
import { PricingPage } from './pricing-page'

const item = (overrides: Partial<PricingItem>): PricingItem => ({
  model_name: 'gpt-4o',
  quota_type: 0,
  model_ratio: 1.25,
  model_price: 0,
  owner_by: '',
  completion_ratio: 4,
  enable_groups: ['default'],
  supported_endpoint_types: ['openai'],
  ...overrides,
})

const items = [
  item({ model_name: 'gpt-4o', enable_groups: ['default', 'vip'], context_window: 128_000, output_limit: 16_384 }),
  item({
    model_name: 'mj-imagine',
    quota_type: 1,
    model_ratio: 0,
    model_price: 0.1,
    completion_ratio: 0,
    enable_groups: ['vip'],
  }),
  ...Array.from({ length: 11 }, (_, n) => item({ model_name: `bulk-${String(n).padStart(2, '0')}`, model_ratio: 1 })),
]

function serve(groupRatio: Record<string, number>) {
  return serveApi((url) =>
    url === '/api/pricing'
      ? {
          body: {
            success: true,
            message: '',
            data: items,
            group_ratio: groupRatio,
            usable_group: Object.fromEntries(Object.keys(groupRatio).map((g) => [g, g])),
          },
        }
      : undefined
  )
}

const renderPage = () => renderFeaturePage(<PricingPage />)

const rowOf = async (model: string) => (await screen.findByText(model)).closest('tr')!

describe('pricing helpers', () => {
  it('computes per-1M prices as model ratio x 2 x group ratio, output times the completion ratio', () => {
    expect(inputPricePerMillion(item({}), 2)).toBe(5)
    expect(outputPricePerMillion(item({}), 2)).toBe(20)
    expect(formatUsd(0.000_4)).toBe('$0.0004')
    expect(formatUsd(2.5)).toBe('$2.5')
  })

  it('colours group ratios and picks the starting group', () => {
    expect([6, 5, 4, 3, 2, 1, 0.5].map(groupRatioVariant)).toEqual([
      'danger',
      'warning',
      'warning',
      'info',
      'info',
      'success',
      'success',
    ])
    expect(groupRatioVariant(undefined)).toBe('muted')
    expect(initialGroup({ default: 1, team: 2 }, 'team')).toBe('team')
    expect(initialGroup({ default: 1, vip: 2 }, 'team')).toBe('default')
    expect(initialGroup({ vip: 2 }, undefined)).toBe('vip')
    expect(filterPricing(items, 'GPT', 'vip').map((i) => i.model_name)).toEqual(['gpt-4o'])
  })
})

describe('PricingPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('logged out: prices with the default group, pages by 10, filters by search', async () => {
    const calls = serve({ default: 1, vip: 4 })
    renderPage()
    const row = await rowOf('gpt-4o')
    expect(calls.some((call) => call.url === '/api/pricing')).toBe(true)
    expect(screen.getByText("Not logged in: prices use the default group's ratio.")).toBeVisible()
    expect(within(row).getByText('Input $2.5 / 1M tokens')).toBeVisible()
    expect(within(row).getByText('Output $10 / 1M tokens')).toBeVisible()
    expect(within(row).getByTestId('group-tag-vip').className).toContain('text-warning')
    expect(within(row).getByTestId('group-tag-default').className).toContain('text-success')
    // default serves gpt-4o and 11 bulk models: 10 rows on the first page
    expect(screen.getByTestId('pricing-table').querySelectorAll('tbody tr')).toHaveLength(10)
    expect(screen.queryByText('mj-imagine')).toBeNull()
    fireEvent.change(screen.getByLabelText('Search model name'), { target: { value: 'bulk-1' } })
    await waitFor(() => expect(screen.getByTestId('pricing-table').querySelectorAll('tbody tr')).toHaveLength(1))
    expect(screen.getByText('bulk-10')).toBeVisible()
  })

  it('logged in: starts on the own group and shows per-call prices with that ratio', async () => {
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 3, username: 'u', display_name: 'u', role: 1, status: 1, group: 'vip' })
    )
    serve({ default: 1, vip: 4 })
    renderPage()
    const row = await rowOf('mj-imagine')
    expect(within(row).getByText('$0.4 / call')).toBeVisible()
    expect(within(row).getByText('Per call')).toBeVisible()
    expect((screen.getByLabelText('Group') as HTMLSelectElement).value).toBe('vip')
    expect(screen.queryByText("Not logged in: prices use the default group's ratio.")).toBeNull()
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'default' } })
    expect(await screen.findByText('bulk-00')).toBeVisible()
    expect(screen.queryByText('mj-imagine')).toBeNull()
  })

  it("shows the model's context window and output limit when the catalog knows them", async () => {
    serve({ default: 1 })
    renderPage()
    const row = await rowOf('gpt-4o')
    expect(within(row).getByText('Context 128K tokens')).toBeVisible()
    expect(within(row).getByText('Output up to 16,384 tokens')).toBeVisible()
    const unknown = await rowOf('bulk-00')
    expect(within(unknown).queryByText(/^Context /)).toBeNull()
    expect(within(unknown).getAllByText('—')).toHaveLength(1)
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh')
    serve({ default: 1 })
    renderPage()
    const row = await rowOf('gpt-4o')
    expect(within(row).getByText('提示 $2.5 / 1M tokens')).toBeVisible()
    expect(within(row).getByText('上下文 128K tokens')).toBeVisible()
    expect(within(row).getByText('最大输出 16,384 tokens')).toBeVisible()
    expect(screen.getByText('模型价格')).toBeVisible()
  })
})
