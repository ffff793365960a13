import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ensureRoot, expect, rootHeaders, test } from './fixtures.ts'

/**
 * The wallet end to end. A fake EPay gateway (node:http on 127.0.0.1, inside this spec) receives
 * the form the browser posts, checks our signature, then calls the server's notify URL the way a
 * real gateway does: once with a forged signature, then twice with a genuine one (a replay), and
 * finally sends the browser back to the return URL. The user redeems a code and pays online; the
 * balance shows each credit once and the log holds the online top-up row.
 */
const EPAY_ID = '1001'
const EPAY_KEY = `e2e-epay-key-${Date.now()}`
const username = `w${Date.now().toString(36)}`.slice(0, 12)
const password = 'wallet-pass-123'

const sign = (params: Record<string, string>, key: string) =>
  createHash('md5')
    .update(
      Object.keys(params)
        .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join('&') + key
    )
    .digest('hex')

interface Delivery {
  forged: boolean
  answer: string
}

let gateway: Server
let gatewayUrl = ''
const received: Record<string, string>[] = []
const deliveries: Delivery[] = []
let headers: Record<string, string> = {}
let redeemKey = ''

/** The gateway's cashier: verifies the merchant's form, "takes the money", notifies, redirects. */
async function cashier(form: Record<string, string>): Promise<string> {
  received.push(form)
  if (form.sign !== sign(form, EPAY_KEY) || form.pid !== EPAY_ID) throw new Error('merchant signature refused')
  const notify: Record<string, string> = {
    pid: form.pid,
    trade_no: `GW${Date.now()}`,
    out_trade_no: form.out_trade_no ?? '',
    type: form.type ?? '',
    name: form.name ?? '',
    money: form.money ?? '',
    trade_status: 'TRADE_SUCCESS',
  }
  const deliver = async (params: Record<string, string>, forged: boolean) => {
    const response = await fetch(`${form.notify_url}?${new URLSearchParams(params).toString()}`)
    deliveries.push({ forged, answer: await response.text() })
  }
  await deliver({ ...notify, sign: sign(notify, 'not-the-merchant-key'), sign_type: 'MD5' }, true)
  await deliver({ ...notify, sign: sign(notify, EPAY_KEY), sign_type: 'MD5' }, false)
  await deliver({ ...notify, sign: sign(notify, EPAY_KEY), sign_type: 'MD5' }, false)
  return form.return_url ?? '/'
}

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  gateway = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/submit.php') {
        res.writeHead(404).end()
        return
      }
      cashier(Object.fromEntries(new URLSearchParams(body))).then(
        (returnUrl) => res.writeHead(302, { location: returnUrl }).end(),
        (error: unknown) => res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error))
      )
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`

  headers = await rootHeaders(request, baseURL)
  const options = {
    ServerAddress: baseURL ?? '',
    PayAddress: gatewayUrl,
    EpayId: EPAY_ID,
    EpayKey: EPAY_KEY,
    Price: '7.3',
    MinTopUp: '1',
  }
  for (const [key, value] of Object.entries(options)) {
    const saved = await (await request.put(`${baseURL}/api/option/`, { headers, data: { key, value } })).json()
    expect(saved.success, `${key}: ${saved.message}`).toBe(true)
  }
  const codes = await (
    await request.post(`${baseURL}/api/redemption/`, {
      headers,
      data: { name: 'e2e-wallet', quota: 500_000, count: 1 },
    })
  ).json()
  expect(codes.success, codes.message).toBe(true)
  redeemKey = codes.data[0]
  const registered = await (await request.post(`${baseURL}/api/user/register`, { data: { username, password } })).json()
  expect(registered.success, registered.message).toBe(true)
})

test.afterAll(async ({ request, baseURL }) => {
  // Other specs share this server: leave online payment unconfigured again.
  for (const [key, value] of Object.entries({ PayAddress: '', EpayId: '', EpayKey: '', ServerAddress: '' })) {
    await request.put(`${baseURL}/api/option/`, { headers, data: { key, value } })
  }
  await new Promise((resolve) => gateway.close(resolve))
})

test('redeems a code and tops up online through the EPay gateway, credited once', async ({
  page,
  request,
  baseURL,
}) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/login')
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).not.toHaveURL(/\/login/)

  // The console's CSP (form-action) must let the signed form go to the configured gateway.
  const csp = (await page.request.get('/topup')).headers()['content-security-policy'] ?? ''
  expect(/form-action [^;]*/.exec(csp)?.[0], 'form-action must allow PayAddress').toContain(gatewayUrl)

  await page.goto('/topup')
  await expect(page.getByTestId('page-title')).toHaveText('Wallet')
  const balance = page.getByTestId('wallet-balance')
  await expect(balance).toHaveText('$0')

  // Redeem: the balance reads the server again.
  await page.getByLabel('Redemption code').fill(redeemKey)
  await page.getByTestId('wallet-redeem-submit').click()
  await expect(balance).toHaveText('$1')
  await page.getByTestId('wallet-redeem-submit').click()
  await expect(page.getByText('Please enter the redemption code!')).toBeVisible()

  // Online: 10 units at 7.3 each.
  await expect(page.getByTestId('wallet-online-disabled')).toHaveCount(0)
  await page.getByLabel('Top-up amount (USD)').fill('10')
  await expect(page.getByTestId('wallet-payable')).toHaveText('¥73.00')
  await page.getByTestId('wallet-pay-zfb').click()
  const details = page.getByTestId('wallet-confirm-details')
  await expect(details).toContainText('$10')
  await expect(details).toContainText('¥73.00')
  await page.getByTestId('wallet-confirm-pay').click()

  // The browser went to the gateway, which notified the server and sent it back to /log.
  await expect(page).toHaveURL(`${baseURL}/log`)
  expect(received).toHaveLength(1)
  expect(received[0]).toMatchObject({
    pid: EPAY_ID,
    type: 'alipay',
    money: '73.00',
    notify_url: `${baseURL}/api/user/epay/notify`,
    return_url: `${baseURL}/log`,
  })
  expect(deliveries).toEqual([
    { forged: true, answer: 'fail' },
    { forged: false, answer: 'success' },
    { forged: false, answer: 'success' },
  ])
  // The newest row is the top-up; its text is in the expanded row (the text column is hidden by default).
  await page.getByTestId('log-row').first().getByTestId('log-expand').click()
  await expect(page.getByTestId('log-details').getByText(/使用在线充值成功|Online top-up succeeded/)).toBeVisible()

  await page.goto('/topup')
  await expect(balance).toHaveText('$11')

  // The server's records agree: one online top-up log row, and the redeem row.
  const login = await (await request.post(`${baseURL}/api/user/login`, { data: { username, password } })).json()
  const logs = await (
    await request.get(`${baseURL}/api/log/self?type=1&p=1&page_size=10`, {
      headers: { 'New-Api-User': String(login.data.id) },
    })
  ).json()
  expect(logs.success, logs.message).toBe(true)
  const contents = (logs.data.items as { content: string; quota: number }[]).map((l) => [
    l.quota,
    l.content.slice(0, 8),
  ])
  expect(contents.filter(([quota]) => quota === 5_000_000)).toHaveLength(1)
  expect(contents.filter(([quota]) => quota === 500_000)).toHaveLength(1)
})
