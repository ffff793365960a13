import type { Page, Request } from '@playwright/test'
import { ensureRoot, expect, rootHeaders, signIn, test } from './fixtures.ts'

/**
 * The language round trip: the console sends its language with every call, the server answers in
 * it, and a log row written in the server's language (zh) reads in the console's. Switching the
 * language takes effect for the next calls at once, without a reload.
 */
test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
})

/** Every console call to the server, with the Accept-Language it carried. */
function recordCalls(page: Page): { url: string; language: string | undefined }[] {
  const calls: { url: string; language: string | undefined }[] = []
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/api/')) calls.push({ url: path, language: request.headers()['accept-language'] })
  })
  return calls
}

test('server messages and log details follow the console language, both ways', async ({ page, request, baseURL }) => {
  // A code worth $2 (1,000,000 quota at the default 500,000 per dollar), redeemed through the wallet below.
  const headers = await rootHeaders(request, baseURL)
  const created = await (
    await request.post(`${baseURL}/api/redemption/`, {
      headers,
      data: { name: `lang-${Date.now().toString(36)}`, quota: 1_000_000, count: 1 },
    })
  ).json()
  expect(created.success, created.message).toBe(true)
  const [code] = created.data as string[]

  await signIn(page, { english: true })
  const calls = recordCalls(page)
  await page.goto('/topup')
  await expect(page.getByTestId('page-title')).toHaveText('Wallet')

  // A refused submit: the server's own message, in English.
  await page.getByLabel('Redemption code').fill('f'.repeat(32))
  await page.getByTestId('wallet-redeem-submit').click()
  await expect(page.getByText('Redemption failed: invalid code')).toBeVisible()
  await expect(page.getByText('兑换失败，无效的兑换码')).toHaveCount(0)

  // The real code: its top-up row is written in Chinese (DEFAULT_LANGUAGE) and reads in English.
  await page.getByLabel('Redemption code').fill(code as string)
  await page.getByTestId('wallet-redeem-submit').click()
  await expect(page.getByText('Redeemed!')).toBeVisible()

  await page.goto('/log')
  await expect(page.getByTestId('page-title')).toHaveText('Usage logs')
  await page.getByTestId('log-filter-type').selectOption('1')
  await page.getByTestId('log-filter-submit').click()
  const row = page.getByTestId('log-row').first()
  await expect(row.getByText('Top-up')).toBeVisible()
  await row.getByTestId('log-expand').click()
  const content = page.getByTestId('log-details').getByTestId('log-content')
  await expect(content).toHaveText(/^Topped up \$2 with redemption code #\d+$/)
  const codeId = (await content.textContent())?.match(/#(\d+)$/)?.[1]

  expect(calls.length).toBeGreaterThan(0)
  expect(calls.filter((call) => call.language !== 'en')).toEqual([])

  // Switch to Chinese: the open details change at once and the next calls ask in Chinese.
  const chineseCall = page.waitForRequest(
    (call) => new URL(call.url()).pathname.startsWith('/api/log') && call.headers()['accept-language'] === 'zh'
  )
  await page.getByTestId('language-menu').click()
  await page.getByTestId('language-option-zh').click()
  await expect(page.getByTestId('page-title')).toHaveText('使用日志')
  await expect(content).toHaveText(`通过兑换码充值 $2，兑换码ID ${codeId}`)
  await chineseCall

  // Still without a reload: through the side navigation to the wallet, and the same refusal in Chinese.
  const switchedAt = calls.length
  await page.getByRole('link', { name: '钱包' }).first().click()
  await expect(page.getByTestId('page-title')).toHaveText('钱包')
  await page.getByLabel('兑换码').fill('e'.repeat(32))
  await page.getByTestId('wallet-redeem-submit').click()
  await expect(page.getByText('兑换失败，无效的兑换码')).toBeVisible()
  const after = calls.slice(switchedAt)
  expect(after.some((call) => call.url === '/api/user/topup')).toBe(true)
  expect(after.filter((call) => call.language !== 'zh')).toEqual([])
})
