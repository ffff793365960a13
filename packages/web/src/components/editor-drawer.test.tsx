import { renderFeaturePage } from '@test/render'
import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { EditorDrawer, type EditorTarget } from './editor-drawer'

type Row = { id: number; name: string }

const readRow = vi.fn<(id: number) => Promise<Row>>()
const detail = (id: number) => ({ queryKey: ['rows', id], queryFn: () => readRow(id) })

function drawer(target: EditorTarget | null) {
  return (
    <EditorDrawer
      target={target}
      onClose={() => {}}
      namespace="users"
      detail={detail}
      form={(row) => <p data-testid="form">{row ? `editing ${row.name}` : 'creating'}</p>}
      testId="editor"
    />
  )
}

describe('EditorDrawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    readRow.mockReset()
  })

  it('creates without reading anything, under the page’s create title', async () => {
    renderFeaturePage(drawer({ mode: 'create' }))
    expect(await screen.findByRole('dialog', { name: 'Add user' })).toBeInTheDocument()
    expect(screen.getByTestId('form').textContent).toContain('creating')
    expect(readRow).not.toHaveBeenCalled()
  })

  it('shows the loading row until the record is read, then the form with it; reads again at each opening', async () => {
    let answer: (row: Row) => void = () => {}
    readRow.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    const { rerender } = renderFeaturePage(drawer({ mode: 'edit', id: 7 }))
    expect((await screen.findByRole('dialog', { name: 'Edit user' })).textContent).toContain('Loading user…')
    expect(screen.queryByTestId('form')).toBeNull()
    answer({ id: 7, name: 'alice' })
    expect((await screen.findByTestId('form')).textContent).toContain('editing alice')
    expect(readRow).toHaveBeenCalledWith(7)

    rerender(drawer(null))
    readRow.mockResolvedValue({ id: 7, name: 'alice renamed' })
    rerender(drawer({ mode: 'edit', id: 7 }))
    expect(await screen.findByText('editing alice renamed')).toBeInTheDocument()
    expect(readRow).toHaveBeenCalledTimes(2)
  })

  it('shows why the record could not be read, and no form', async () => {
    readRow.mockRejectedValue(new Error('User not found'))
    renderFeaturePage(drawer({ mode: 'edit', id: 9 }))
    expect(await screen.findByText('User not found')).toBeInTheDocument()
    expect(screen.queryByTestId('form')).toBeNull()
  })
})
