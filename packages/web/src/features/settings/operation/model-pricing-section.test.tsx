import { method, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { ModelPricingSection } from './model-pricing-section'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string
const t = (key: string) => translate(`settings:${key}`)

const models = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`model-${String(i).padStart(2, '0')}`, i + 1]))

function serve() {
  const puts: { key: string; value: string }[] = []
  serveApi((url, init, body) => {
    if (url.startsWith('/api/option/') && method(init) === 'PUT') {
      puts.push(body as { key: string; value: string })
      return ok(body)
    }
    if (url.startsWith('/api/option/')) {
      return ok([
        { key: 'ModelRatio', value: JSON.stringify(models) },
        { key: 'ModelPrice', value: JSON.stringify({ 'mj-imagine': 0.1 }) },
        { key: 'CompletionRatio', value: '{}' },
      ])
    }
    return undefined
  })
  renderFeaturePage(<ModelPricingSection />)
  return puts
}

beforeEach(async () => {
  await i18n.changeLanguage('en')
  vi.clearAllMocks()
})

describe('ModelPricingSection', () => {
  it('pages by 10, searches, and disables ratios of a priced row', async () => {
    serve()
    const table = await screen.findByTestId('pricing-table')
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    fireEvent.change(screen.getByTestId('pricing-search'), { target: { value: 'mj' } })
    const row = screen.getByTestId('pricing-row-mj-imagine')
    expect(
      (within(row).getByLabelText(`mj-imagine ${t('operation.pricing.ratio')}`) as HTMLInputElement).disabled
    ).toBe(true)
    expect(screen.queryByTestId('pricing-row-model-00')).toBeNull()
  })

  it('adds a model through the dialog with its rules, and applies only the changed map', async () => {
    const puts = serve()
    fireEvent.click(await screen.findByTestId('add-model'))
    const dialog = await screen.findByTestId('add-model-dialog')
    fireEvent.change(within(dialog).getByLabelText(t('operation.pricing.name')), { target: { value: 'model-01' } })
    fireEvent.change(within(dialog).getByLabelText(t('operation.pricing.ratio')), { target: { value: '2' } })
    fireEvent.click(within(dialog).getByTestId('add-model-submit'))
    expect(within(dialog).getByRole('alert').textContent).toBe(t('operation.pricing.problems.duplicate'))
    fireEvent.change(within(dialog).getByLabelText(t('operation.pricing.name')), { target: { value: 'new-model' } })
    fireEvent.change(within(dialog).getByLabelText(t('operation.pricing.ratio')), { target: { value: 'x' } })
    fireEvent.click(within(dialog).getByTestId('add-model-submit'))
    expect(within(dialog).getByRole('alert').textContent).toBe(t('operation.pricing.problems.notNumber'))
    fireEvent.change(within(dialog).getByLabelText(t('operation.pricing.ratio')), { target: { value: '3' } })
    fireEvent.click(within(dialog).getByTestId('add-model-submit'))
    await waitFor(() => expect(screen.queryByTestId('add-model-dialog')).toBeNull())
    expect(screen.getByTestId('pricing-row-new-model')).toBeVisible()
    fireEvent.click(screen.getByTestId('save-pricing'))
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(puts[0]!.key).toBe('ModelRatio')
    expect(JSON.parse(puts[0]!.value)).toEqual({ ...models, 'new-model': 3 })
  })

  it('says nothing changed when the table is untouched', async () => {
    const puts = serve()
    fireEvent.click(await screen.findByTestId('save-pricing'))
    expect(toast.warning).toHaveBeenCalledWith(t('form.nothingChanged'))
    expect(puts).toHaveLength(0)
  })
})
