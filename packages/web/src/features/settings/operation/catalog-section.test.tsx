import type { ModelCatalogRow } from '@gateway/shared'
import { method, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { CatalogSection } from './catalog-section'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const catalog = {
  model_ratio: 0.625,
  completion_ratio: 8,
  cache_ratio: 0.104,
  context_window: 400_000,
  output_limit: 128_000,
}
const before: ModelCatalogRow[] = [
  {
    model: 'gpt-4o',
    source: 'root',
    model_ratio: 1.25,
    completion_ratio: 4,
    cache_ratio: 0.5,
    catalog: {
      ...catalog,
      model_ratio: 1.25,
      completion_ratio: 4,
      cache_ratio: 0.5,
      context_window: 128_000,
      output_limit: 16_384,
    },
  },
  { model: 'gpt-5', source: 'catalog', model_ratio: 0.625, completion_ratio: 8, cache_ratio: 0.104, catalog },
  { model: 'mj-imagine', source: 'root', model_price: 0.1 },
  { model: 'private-model', source: 'none' },
]

function serve() {
  const posts: string[] = []
  let rows = before
  serveApi((url, init) => {
    if (url === '/api/option/model_catalog/fill' && method(init) === 'POST') {
      posts.push(url)
      rows = rows.map((row) => (row.source === 'catalog' ? { ...row, source: 'root' } : row))
      return ok({ filled: ['gpt-5'] })
    }
    if (url === '/api/option/model_catalog') return ok(rows)
    return undefined
  })
  renderFeaturePage(<CatalogSection />)
  return posts
}

beforeEach(async () => {
  await i18n.changeLanguage('en')
  vi.clearAllMocks()
})

describe('CatalogSection', () => {
  it("shows each model's price source, values and limits", async () => {
    serve()
    const gpt5 = await screen.findByTestId('catalog-row-gpt-5')
    expect(
      within(gpt5)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    ).toEqual(['gpt-5', 'Catalog', '0.625', '8', '0.104', '400K', '128K'])
    expect(
      within(screen.getByTestId('catalog-row-gpt-4o'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    ).toEqual(['gpt-4o', 'Yours', '1.25', '4', '0.5', '128K', '16,384'])
    expect(
      within(screen.getByTestId('catalog-row-mj-imagine'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    ).toEqual(['mj-imagine', 'Yours', '$0.1 / call', '—', '—', '—', '—'])
    expect(within(screen.getByTestId('catalog-row-private-model')).getByText('Unpriced')).toBeVisible()
  })

  it('fills the missing prices only after the confirmation', async () => {
    const posts = serve()
    await screen.findByTestId('catalog-row-gpt-5')
    const button = screen.getByTestId('fill-from-catalog')
    expect(button.textContent).toBe('Fill 1 missing prices from the catalog')
    fireEvent.click(button)
    const dialog = await screen.findByRole('dialog')
    expect(posts).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posts).toEqual([])
    fireEvent.click(button)
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(posts).toEqual(['/api/option/model_catalog/fill']))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Filled the prices of 1 models from the catalog'))
    await waitFor(() => expect(within(screen.getByTestId('catalog-row-gpt-5')).getByText('Yours')).toBeVisible())
    expect((screen.getByTestId('fill-from-catalog') as HTMLButtonElement).disabled).toBe(true)
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh')
    serve()
    const gpt5 = await screen.findByTestId('catalog-row-gpt-5')
    expect(within(gpt5).getByText('模型目录')).toBeVisible()
    expect(screen.getByText('价格来源')).toBeVisible()
    expect(screen.getByTestId('fill-from-catalog').textContent).toBe('从目录填入 1 个缺失的价格')
  })
})
