import { ok, serveApi } from '@test/api'
import { renderWithRouter } from '@test/render'
import { fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { HomePage } from './home-page'

function serve(home: string, notice: string) {
  serveApi((url) => {
    if (url.startsWith('/api/home_page_content')) return ok(home)
    if (url.startsWith('/api/notice')) return ok(notice)
    return undefined
  })
}

beforeEach(async () => {
  await i18n.changeLanguage('en')
  localStorage.clear()
})

describe('HomePage', () => {
  it('renders markdown content sanitised, with the notice above it', async () => {
    serve('# Welcome\n\n<img src=x onerror="window.hacked=1">', '**Maintenance** tonight')
    await renderWithRouter(<HomePage />)
    const content = await screen.findByTestId('home-content')
    expect(content.querySelector('h1')?.textContent).toBe('Welcome')
    expect(content.innerHTML).not.toContain('onerror')
    expect((await screen.findByTestId('home-notice')).querySelector('strong')?.textContent).toBe('Maintenance')
  })

  it('frames an https address', async () => {
    serve('https://example.com/landing', '')
    await renderWithRouter(<HomePage />)
    expect((await screen.findByTestId('content-frame')).getAttribute('src')).toBe('https://example.com/landing')
    expect(screen.queryByTestId('home-notice')).toBeNull()
  })

  it('closes the notice for today, until the notice changes', async () => {
    serve('', 'First notice')
    const first = await renderWithRouter(<HomePage />)
    fireEvent.click(await screen.findByTestId('notice-close-today'))
    expect(screen.queryByTestId('home-notice')).toBeNull()
    first.unmount()
    serve('', 'First notice')
    const again = await renderWithRouter(<HomePage />)
    await screen.findByTestId('page-title')
    expect(screen.queryByTestId('home-notice')).toBeNull()
    again.unmount()
    serve('', 'Second notice')
    await renderWithRouter(<HomePage />)
    expect((await screen.findByTestId('home-notice')).textContent).toContain('Second notice')
  })
})
