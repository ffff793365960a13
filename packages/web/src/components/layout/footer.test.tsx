import { renderFeaturePage } from '@test/render'
import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { Footer } from './footer'

describe('Footer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  function renderFooter() {
    renderFeaturePage(<Footer />)
  }

  it('shows the default credit without custom HTML', () => {
    renderFooter()
    expect(screen.getByTestId('footer').textContent).toBe('Powered by AI Gateway')
  })

  it('picks up footer_html stored shortly after load, sanitised', async () => {
    renderFooter()
    localStorage.setItem('footer_html', '<b onclick="alert(1)">Acme</b><script>alert(2)</script>')
    act(() => vi.advanceTimersByTime(200))
    const footer = screen.getByTestId('footer')
    // The sanitiser is its own chunk: nothing of the custom HTML shows before it has cleaned it.
    expect(footer.textContent).toBe('')
    await vi.waitFor(() => expect(footer.textContent).toBe('Acme'))
    expect(footer.innerHTML).not.toContain('onclick')
    expect(footer.innerHTML).not.toContain('script')
  })

  it('stops re-checking after five tries', () => {
    renderFooter()
    act(() => vi.advanceTimersByTime(1000))
    localStorage.setItem('footer_html', '<i>late</i>')
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.getByTestId('footer').textContent).toBe('Powered by AI Gateway')
  })

  it('follows a later change of the stored HTML, sanitised', async () => {
    localStorage.setItem('footer_html', '<i>first</i>')
    renderFooter()
    const footer = screen.getByTestId('footer')
    await vi.waitFor(() => expect(footer.textContent).toBe('first'))
    localStorage.setItem('footer_html', '<i>second</i><img src=x onerror="alert(1)">')
    act(() => vi.advanceTimersByTime(200))
    await vi.waitFor(() => expect(footer.textContent).toBe('second'))
    expect(footer.innerHTML).not.toContain('onerror')
  })
})
