import { mockFetch, renderFeaturePage } from '@test/render'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { ServerAddressNotice } from './server-address-notice'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const current = 'https://console.example:8443'

function renderNotice(stored: string) {
  const calls = mockFetch(() => ({ body: { success: true, message: '', data: null } }))
  renderFeaturePage(<ServerAddressNotice stored={stored} current={current} />)
  return calls
}

describe('ServerAddressNotice', () => {
  beforeEach(async () => {
    vi.clearAllMocks()
    await i18n.changeLanguage('en')
  })

  it('names both addresses when the stored one is not this origin, and saves this origin on request', async () => {
    const calls = renderNotice('http://localhost:3000/')
    expect(screen.getByTestId('server-address-notice').textContent).toContain(
      `You reached the console at ${current} but the server address is set to http://localhost:3000; links and callbacks use http://localhost:3000.`
    )
    fireEvent.click(screen.getByRole('button', { name: `Use ${current}` }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(i18n.t('settings:form.saved')))
    const puts = calls
      .filter((call) => call.init.method === 'PUT')
      .map((call) => [call.url, JSON.parse(String(call.init.body))])
    expect(puts).toEqual([['/api/option/', { key: 'ServerAddress', value: current }]])
  })

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh')
    renderNotice('http://old.example')
    expect(screen.getByTestId('server-address-notice').textContent).toContain(
      `你正在通过 ${current} 访问控制台，但服务器地址设置为 http://old.example`
    )
    expect(screen.getByRole('button', { name: `改用 ${current}` })).toBeVisible()
  })

  it('stays away when no address is stored (this origin is used) or the stored one is this origin', () => {
    renderNotice('')
    renderNotice(' ')
    renderNotice(`${current}/`)
    expect(screen.queryByTestId('server-address-notice')).toBeNull()
  })
})
