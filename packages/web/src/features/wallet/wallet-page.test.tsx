import type { Status } from '@gateway/shared'
import { fail, method, ok, serveApi } from '@test/api'
import { renderFeaturePage } from '@test/render'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { createQueryClient } from '@/lib/query-client'
import { WalletPage } from './wallet-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string
const t = (key: string, options?: Record<string, unknown>) => translate(`wallet:${key}`, options)

const payMethods = [
  { name: 'Alipay', color: '#1677ff', type: 'zfb' },
  { name: 'WeChat', color: '#07c160', type: 'wx' },
]
const online: Partial<Status> = {
  enable_online_topup: true,
  pay_methods: payMethods,
  min_topup: 2,
  price: 7.3,
  quota_per_unit: 500_000,
}

const self = (quota: number) =>
  ok({ id: 1, username: 'alice', quota, used_quota: 250_000, request_count: 12, group: 'default' })

function renderPage() {
  renderFeaturePage(<WalletPage />, { client: createQueryClient() })
}

beforeEach(async () => {
  await i18n.changeLanguage('en')
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 1, username: 'alice', role: 1, status: 1, group: 'default', display_name: 'alice' })
  )
  vi.clearAllMocks()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.querySelectorAll('form[action]').forEach((form) => form.remove())
})

describe('WalletPage: balance and redeem', () => {
  it('shows the balance, refuses an empty code, redeems and reads the balance again', async () => {
    let quota = 1_000_000
    const calls = serveApi((url, init, body) => {
      if (url === '/api/user/self') return self(quota)
      if (url === '/api/user/topup' && method(init) === 'POST') {
        expect(body).toEqual({ key: 'abc123' })
        quota += 500_000
        return ok(500_000)
      }
      return undefined
    })
    renderPage()
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('$2')
    expect(screen.getByText('$0.5')).toBeVisible()
    fireEvent.click(screen.getByTestId('wallet-redeem-submit'))
    expect(toast.error).toHaveBeenCalledWith(t('redeem.required'))
    expect(calls.some((c) => c.url === '/api/user/topup')).toBe(false)

    fireEvent.change(screen.getByLabelText(t('redeem.label')), { target: { value: '  abc123 ' } })
    fireEvent.click(screen.getByTestId('wallet-redeem-submit'))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(t('redeem.success'), {
        description: t('redeem.added', { quota: '$1' }),
      })
    )
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('$3'))
    expect((screen.getByLabelText(t('redeem.label')) as HTMLInputElement).value).toBe('')
  })

  it('shows the server refusal of a code and keeps the input', async () => {
    serveApi((url) => {
      if (url === '/api/user/self') return self(0)
      if (url === '/api/user/topup') return fail('Redemption failed: invalid code', 400)
      return undefined
    })
    renderPage()
    fireEvent.change(screen.getByLabelText(t('redeem.label')), { target: { value: 'nope' } })
    fireEvent.click(screen.getByTestId('wallet-redeem-submit'))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Redemption failed: invalid code', expect.anything()))
    expect((screen.getByLabelText(t('redeem.label')) as HTMLInputElement).value).toBe('nope')
  })

  it('opens the top-up link in a new tab, or says that none is set', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    serveApi((url) => (url === '/api/user/self' ? self(0) : undefined))
    renderPage()
    fireEvent.click(screen.getByTestId('wallet-get-code'))
    expect(toast.error).toHaveBeenCalledWith(t('redeem.noLink'))
    expect(open).not.toHaveBeenCalled()
  })

  it('uses the configured top-up link', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    serveApi((url) => (url === '/api/user/self' ? self(0) : undefined), { top_up_link: 'https://shop.example.com/buy' })
    renderPage()
    await waitFor(() => {
      fireEvent.click(screen.getByTestId('wallet-get-code'))
      expect(open).toHaveBeenCalledWith('https://shop.example.com/buy', '_blank', 'noopener,noreferrer')
    })
  })
})

describe('WalletPage: online top-up', () => {
  it('is disabled with the reason while online top-up is not configured', async () => {
    // Timeouts are faked (and still run with the clock, for findBy) so the pricing debounce can be
    // passed at once below instead of waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const calls = serveApi((url) => (url === '/api/user/self' ? self(0) : undefined), { pay_methods: payMethods })
    renderPage()
    expect((await screen.findByTestId('wallet-online-disabled')).textContent).toContain(t('online.disabled'))
    expect((screen.getByTestId('wallet-pay-zfb') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByLabelText(t('online.amountCurrency')) as HTMLInputElement).disabled).toBe(true)
    // Past the pricing debounce (400 ms in online-topup-card.tsx): a configured card would have asked by now.
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(calls.some((c) => c.url === '/api/user/amount')).toBe(false)
  })

  it('prices the amount once typing stops, confirms, then posts the signed form to the gateway', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {})
    const calls = serveApi((url, init, body) => {
      if (url === '/api/user/self') return self(0)
      if (url === '/api/user/amount') return ok(((body as { amount: number }).amount * 7.3).toFixed(2))
      if (url === '/api/user/pay' && method(init) === 'POST') {
        // The reference's form: the signed fields as data, the gateway's address next to them.
        const answer = ok({ pid: '1001', money: '73.00', sign: 'abc', sign_type: 'MD5' })
        return { body: { ...answer.body, url: 'https://pay.example.com/submit.php' } }
      }
      return undefined
    }, online)
    renderPage()
    const input = (await screen.findByLabelText(t('online.amountCurrency'))) as HTMLInputElement
    await waitFor(() => expect(input.disabled).toBe(false))
    expect(input.value).toBe('2')
    await waitFor(() => expect(screen.getByTestId('wallet-payable').textContent).toBe('¥14.60'))
    for (const value of ['1', '10']) fireEvent.change(input, { target: { value } })
    await waitFor(() => expect(screen.getByTestId('wallet-payable').textContent).toBe('¥73.00'))
    // Typing 1 then 10 quickly asked the server only about 2 (the default) and 10.
    const asked = calls.filter((c) => c.url === '/api/user/amount').map((c) => JSON.parse(String(c.init.body)))
    expect(asked).toEqual([
      { amount: 2, top_up_code: '' },
      { amount: 10, top_up_code: '' },
    ])

    fireEvent.click(screen.getByTestId('wallet-pay-wx'))
    const details = await screen.findByTestId('wallet-confirm-details')
    expect(details.textContent).toContain('$10')
    expect(details.textContent).toContain('¥73.00')
    expect(details.textContent).toContain('WeChat')
    await act(async () => {
      fireEvent.click(screen.getByTestId('wallet-confirm-pay'))
    })
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    const pay = calls.find((c) => c.url === '/api/user/pay')!
    expect(JSON.parse(String(pay.init.body))).toEqual({ amount: 10, top_up_code: '', payment_method: 'wx' })
    const form = document.querySelector<HTMLFormElement>('form[action="https://pay.example.com/submit.php"]')!
    expect(form.method).toBe('post')
    expect(Object.fromEntries(new FormData(form))).toEqual({
      pid: '1001',
      money: '73.00',
      sign: 'abc',
      sign_type: 'MD5',
    })
  })

  it('shows the server reason when an order is refused, and the request failure when the server is unreachable', async () => {
    let reachable = true
    serveApi((url) => {
      if (url === '/api/user/self') return self(0)
      if (url === '/api/user/amount') return ok('14.60')
      if (url === '/api/user/pay') {
        if (!reachable) throw new TypeError('Failed to fetch')
        return fail('This payment method does not exist', 400)
      }
      return undefined
    }, online)
    renderPage()
    await waitFor(() =>
      expect((screen.getByLabelText(t('online.amountCurrency')) as HTMLInputElement).disabled).toBe(false)
    )
    fireEvent.click(screen.getByTestId('wallet-pay-zfb'))
    fireEvent.click(await screen.findByTestId('wallet-confirm-pay'))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This payment method does not exist'))
    reachable = false
    await waitFor(() => expect((screen.getByTestId('wallet-confirm-pay') as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(screen.getByTestId('wallet-confirm-pay'))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(t('online.requestFailed')))
    expect(toast.error).toHaveBeenCalledTimes(2)
  })

  it('refuses an amount under the minimum and a broken payment method before asking to confirm', async () => {
    serveApi(
      (url) => {
        if (url === '/api/user/self') return self(0)
        if (url === '/api/user/amount') return fail('The top-up amount cannot be less than 2', 400)
        return undefined
      },
      { ...online, pay_methods: [...payMethods, { name: 'Broken', color: '#000' }] }
    )
    renderPage()
    const input = (await screen.findByLabelText(t('online.amountCurrency'))) as HTMLInputElement
    await waitFor(() => expect(input.disabled).toBe(false))
    fireEvent.change(input, { target: { value: '1' } })
    expect((await screen.findByTestId('wallet-payable-error', {}, { timeout: 2000 })).textContent).toBe(
      'The top-up amount cannot be less than 2'
    )
    fireEvent.click(screen.getByTestId('wallet-pay-zfb'))
    expect(toast.error).toHaveBeenCalledWith(t('online.minimum', { min: 2 }))
    fireEvent.change(input, { target: { value: '5' } })
    fireEvent.click(screen.getByText('Broken'))
    expect(toast.error).toHaveBeenCalledWith(t('online.badMethod'))
    expect(screen.queryByTestId('wallet-confirm-details')).toBeNull()
  })

  it('names the default methods in the console language and shows an admin-named method as written', async () => {
    serveApi((url) => (url === '/api/user/self' ? self(0) : undefined), {
      ...online,
      pay_methods: [
        { name: '支付宝', type: 'zfb', color: '#1677ff' },
        { name: '微信', type: 'wx' },
        { name: 'QQ 钱包', type: 'qqpay', color: 'red;background:url(x)' },
      ],
    })
    renderPage()
    expect((await screen.findByTestId('wallet-pay-zfb')).textContent).toBe('Alipay')
    expect(screen.getByTestId('wallet-pay-wx').textContent).toBe('WeChat Pay')
    const qq = screen.getByTestId('wallet-pay-qqpay')
    expect(qq.textContent).toBe('QQ 钱包')
    // A colour that is not a plain CSS colour literal is not written into the style.
    expect(qq.querySelector('span')?.getAttribute('style') ?? '').not.toContain('url')
  })

  it('asks for quota points when the console does not show currency', async () => {
    serveApi((url) => (url === '/api/user/self' ? self(0) : url === '/api/user/amount' ? ok('14.60') : undefined), {
      ...online,
      display_in_currency: false,
    })
    renderPage()
    const input = (await screen.findByLabelText(t('online.amountQuota'))) as HTMLInputElement
    await waitFor(() => expect(input.value).toBe('1000000'))
    expect(screen.getByText(t('online.minimumHint', { min: 1_000_000 }))).toBeVisible()
  })
})
