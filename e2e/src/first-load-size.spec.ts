import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContextOptions, Page } from '@playwright/test'
import { ensureRoot, expect, ROOT, test } from './fixtures.ts'

/**
 * /login and /token opened cold (a fresh browser context, nothing cached) in Chinese and in
 * English: each shows its own texts and never, not even for a moment, a raw i18n key (every text
 * the page ever inserted is recorded from the first byte), now that a page fetches only its own
 * namespaces; and what the browser downloaded, gzipped as a server would send it, stays within the
 * 250 KB budget the size check enforces on the build (in Chinese, the fallback every visitor loads).
 */
const BUDGET = 250_000
const languages = ['zh', 'en'] as const
type Language = (typeof languages)[number]

const locales = new URL('../../packages/web/src/i18n/locales/', import.meta.url)
function namespace(language: Language, file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${language}/${file}.json`, locales), 'utf8')) as Record<string, unknown>
}
function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix]
  return Object.entries(tree).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}
const text = (tree: Record<string, unknown>, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string

/** Every key of the namespaces these pages use: a missing text shows as its key, with or without the namespace. */
const rawKeys = new Set(
  ['common', 'nav', 'errors', 'auth', 'two-factor', 'tokens', 'pages'].flatMap((file) => {
    const ns = file.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())
    return keysOf(namespace('zh', file)).flatMap((key) => [key, `${ns}:${key}`])
  })
)

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
})

/** Records, from before the first script runs, every text and placeholder the page ever shows. */
async function recordTexts(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>()
    ;(window as unknown as { __texts: Set<string> }).__texts = seen
    const note = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) seen.add((node.textContent ?? '').trim())
      if (node instanceof Element) {
        for (const attribute of ['placeholder', 'aria-label', 'title']) {
          const value = node.getAttribute(attribute)
          if (value) seen.add(value.trim())
        }
        node.querySelectorAll('*').forEach((child) => note(child))
        node.childNodes.forEach((child) => child.nodeType === Node.TEXT_NODE && note(child))
      }
    }
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') note(record.target)
        record.addedNodes.forEach(note)
        if (record.type === 'attributes' && record.target instanceof Element) note(record.target)
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['placeholder', 'aria-label', 'title'],
    })
  })
}

async function rawKeysShown(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => [...(window as unknown as { __texts: Set<string> }).__texts])
  return texts.filter((value) => rawKeys.has(value))
}

/** The gzip size of every file the page fetched from the console's own origin (the API's answers aside). */
function recordDownloads(page: Page, baseURL: string) {
  const sizes = new Map<string, number>()
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (url.origin !== new URL(baseURL).origin || url.pathname.startsWith('/api/')) return
    const body = await response.body().catch(() => null)
    if (body) sizes.set(url.pathname, gzipSync(body, { level: 9 }).length)
  })
  return sizes
}

async function coldPage(
  browser: Browser,
  baseURL: string,
  language: Language,
  storageState?: BrowserContextOptions['storageState']
) {
  const context = await browser.newContext({ baseURL, ...(storageState ? { storageState } : {}) })
  const page = await context.newPage()
  await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language)
  await recordTexts(page)
  return { context, page, downloads: recordDownloads(page, baseURL) }
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0)

for (const language of languages) {
  test(`/login and /token load cold in ${language} with their texts and within budget`, async ({
    browser,
    baseURL,
  }) => {
    const auth = namespace(language, 'auth')
    const nav = namespace(language, 'nav')
    const tokens = namespace(language, 'tokens')

    // /login, cold.
    const login = await coldPage(browser, baseURL!, language)
    await login.page.goto('/login')
    // A cold load on a busy machine: the first text may take a while (every file is fetched fresh).
    await expect(login.page.getByTestId('login-submit')).toHaveText(text(auth, 'login.submit'), { timeout: 30_000 })
    await expect(login.page.getByTestId('page-title')).toHaveText(text(auth, 'login.title'))
    await expect(login.page.getByTestId('login-username')).toHaveAttribute(
      'placeholder',
      text(auth, 'login.usernamePlaceholder')
    )
    await login.page.waitForLoadState('networkidle')
    expect(await rawKeysShown(login.page)).toEqual([])
    const loginBytes = total(login.downloads)
    if (language === 'zh') expect(loginBytes, [...login.downloads.keys()].join('\n')).toBeLessThanOrEqual(BUDGET)

    // Signing in lands on /token; its session is then opened cold in a new context.
    await login.page.getByTestId('login-username').fill(ROOT.username)
    await login.page.getByTestId('login-password').fill(ROOT.password)
    await login.page.getByTestId('login-submit').click()
    await expect(login.page).toHaveURL(/\/token$/)
    await expect(login.page.getByTestId('page-title')).toHaveText(text(nav, 'items.token'))
    const session = await login.context.storageState()
    await login.context.close()

    const token = await coldPage(browser, baseURL!, language, session)
    await token.page.goto('/token')
    await expect(token.page.getByTestId('page-title')).toHaveText(text(nav, 'items.token'), { timeout: 30_000 })
    await expect(token.page.getByText(text(tokens, 'description'), { exact: true })).toBeVisible()
    await expect(token.page.getByTestId('tokens-add')).toBeVisible()
    await token.page.waitForLoadState('networkidle')
    expect(await rawKeysShown(token.page)).toEqual([])
    const tokenBytes = total(token.downloads)
    if (language === 'zh') expect(tokenBytes, [...token.downloads.keys()].join('\n')).toBeLessThanOrEqual(BUDGET)
    // Only its own texts: the token list never downloads, say, the settings or channel texts.
    expect(
      [...token.downloads.keys()].filter((path) => /\/locale-\w+-(settings|channels|personal)-/.test(path))
    ).toEqual([])
    test.info().annotations.push({
      type: 'first load (gzip)',
      description: `${language}: /login ${loginBytes} B, /token ${tokenBytes} B`,
    })
    await token.context.close()
  })
}
