import type { TwoFactorStatus } from '@gateway/shared'
import { fail, method, ok, serveApi } from '@test/api'
import { renderWithRouter } from '@test/render'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { TwoFactorCard } from './personal-two-factor-card'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))
// The image is the QR library's business; the test checks which text it was asked to encode.
vi.mock('qrcode', () => ({
  default: { toDataURL: async (text: string) => `data:image/png;qr,${encodeURIComponent(text)}` },
}))

const uri = 'otpauth://totp/New%20API:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=New%20API'
const codes = Array.from({ length: 10 }, (_, i) => `AAAA-${String(i).padStart(4, '0')}`)

function serve(initial: TwoFactorStatus) {
  let state = initial
  const posts: { url: string; body: unknown }[] = []
  serveApi((url, init, body) => {
    if (url === '/api/user/2fa/status') return ok(state)
    if (method(init) !== 'POST') return undefined
    posts.push({ url, body })
    if (url === '/api/user/2fa/setup')
      return ok({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qr_code_data: uri, backup_codes: codes })
    const code = (body as { code: string }).code
    if (code !== '123456' && code !== 'BBBB-0001') return fail('Wrong verification or backup code, try again', 403)
    if (url === '/api/user/2fa/enable')
      state = { enabled: true, locked: false, backup_codes_remaining: 10, required: false }
    if (url === '/api/user/2fa/disable') state = { enabled: false, locked: false, required: false }
    if (url === '/api/user/2fa/backup_codes') return ok({ backup_codes: codes.map((c) => c.replace('AAAA', 'CCCC')) })
    return ok(null)
  })
  return posts
}

describe('TwoFactorCard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    toast.success.mockClear()
  })

  it('turns 2FA on: QR code and secret, a wrong code refused, then the ten backup codes once', async () => {
    const posts = serve({ enabled: false, locked: false, required: false })
    await renderWithRouter(<TwoFactorCard />, '/personal')
    expect((await screen.findByTestId('two-factor-state')).textContent).toBe('Off')
    fireEvent.click(screen.getByTestId('two-factor-enable'))

    const dialog = await screen.findByTestId('two-factor-setup-dialog')
    expect(within(dialog).getByTestId('two-factor-secret').textContent).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')
    await waitFor(() =>
      expect(within(dialog).getByTestId('two-factor-qr').getAttribute('src')).toBe(
        `data:image/png;qr,${encodeURIComponent(uri)}`
      )
    )

    fireEvent.click(within(dialog).getByTestId('two-factor-setup-confirm'))
    expect(await within(dialog).findByText('Enter the code')).toBeVisible()
    fireEvent.change(within(dialog).getByTestId('two-factor-setup-code'), { target: { value: '654321' } })
    fireEvent.click(within(dialog).getByTestId('two-factor-setup-confirm'))
    expect(await within(dialog).findByText('Wrong verification or backup code, try again')).toBeVisible()

    fireEvent.change(within(dialog).getByTestId('two-factor-setup-code'), { target: { value: '123456' } })
    fireEvent.click(within(dialog).getByTestId('two-factor-setup-confirm'))
    const shown = await within(dialog).findAllByTestId('two-factor-backup-code')
    expect(shown.map((item) => item.textContent)).toEqual(codes)
    expect(posts).toEqual([
      { url: '/api/user/2fa/setup', body: undefined },
      { url: '/api/user/2fa/enable', body: { code: '654321' } },
      { url: '/api/user/2fa/enable', body: { code: '123456' } },
    ])
    expect(toast.success).toHaveBeenCalledWith('Two-factor authentication is on')

    fireEvent.click(within(dialog).getByTestId('two-factor-backup-done'))
    await waitFor(() => expect(screen.getByTestId('two-factor-state').textContent).toBe('On'))
    expect(screen.getByTestId('two-factor-summary').textContent).toBe('Backup codes left: 10')
  })

  it('asks for a code for new backup codes and shows them', async () => {
    const posts = serve({ enabled: true, locked: false, backup_codes_remaining: 3, required: false })
    await renderWithRouter(<TwoFactorCard />, '/personal')
    expect((await screen.findByTestId('two-factor-summary')).textContent).toBe('Backup codes left: 3')
    fireEvent.click(screen.getByTestId('two-factor-regenerate'))
    const dialog = await screen.findByTestId('two-factor-regenerate-dialog')
    fireEvent.change(within(dialog).getByTestId('two-factor-regenerate-dialog-code'), { target: { value: '123456' } })
    fireEvent.click(within(dialog).getByTestId('two-factor-regenerate-dialog-submit'))
    const shown = await within(dialog).findAllByTestId('two-factor-backup-code')
    expect(shown.map((item) => item.textContent)).toEqual(codes.map((c) => c.replace('AAAA', 'CCCC')))
    expect(posts).toEqual([{ url: '/api/user/2fa/backup_codes', body: { code: '123456' } }])
  })

  it('turns 2FA off with a backup code, in Chinese', async () => {
    await i18n.changeLanguage('zh')
    const posts = serve({ enabled: true, locked: true, backup_codes_remaining: 2, required: false })
    await renderWithRouter(<TwoFactorCard />, '/personal')
    expect((await screen.findByTestId('two-factor-locked')).textContent).toBe(
      '验证码错误次数过多，已暂时锁定，请稍后再试'
    )
    fireEvent.click(screen.getByTestId('two-factor-disable'))
    const dialog = await screen.findByTestId('two-factor-disable-dialog')
    expect(within(dialog).getByText('禁用两步验证')).toBeVisible()
    fireEvent.change(within(dialog).getByTestId('two-factor-disable-dialog-code'), { target: { value: ' BBBB-0001 ' } })
    fireEvent.click(within(dialog).getByTestId('two-factor-disable-dialog-submit'))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('两步验证已禁用'))
    expect(posts).toEqual([{ url: '/api/user/2fa/disable', body: { code: 'BBBB-0001' } }])
    await waitFor(() => expect(screen.getByTestId('two-factor-state').textContent).toBe('未启用'))
  })
})
