import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { ensureRoot, expect, signIn, test } from './fixtures.ts'

/**
 * Every shell view in light and dark, Chinese and English, desktop and mobile: each must render
 * without a console error or a failed request. Screenshots land in e2e/screenshots/ for people to
 * look at (they are not compared).
 */
const shotDir = join(import.meta.dirname, '../screenshots')
mkdirSync(shotDir, { recursive: true })

const themes = ['light', 'dark'] as const
const languages = ['zh', 'en'] as const
const widths = { desktop: 1280, mobile: 390 } as const

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
})

function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`${response.status()} ${response.url()}`)
  })
  return errors
}

for (const theme of themes) {
  for (const language of languages) {
    for (const [device, width] of Object.entries(widths)) {
      test(`shell views: ${theme}, ${language}, ${device}`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({
          baseURL,
          viewport: { width, height: 800 },
          locale: language === 'zh' ? 'zh-CN' : 'en-US',
        })
        await context.addInitScript(
          ({ mode, lng }) => {
            localStorage.setItem('theme-mode', mode)
            localStorage.setItem('i18nextLng', lng)
          },
          { mode: theme, lng: language }
        )
        const page = await context.newPage()
        const errors = watchErrors(page)
        const shot = async (name: string) => {
          // Sheets and menus slide in; picture them once they have settled.
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
          await page.screenshot({ path: join(shotDir, `${name}-${theme}-${language}-${device}.png`) })
        }

        await page.goto('/login')
        await expect(page.getByTestId('login-submit')).toBeVisible()
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark')
        await shot('login')

        await page.goto('/register')
        await expect(page.getByTestId('register-submit')).toBeVisible()
        await shot('register')

        await page.goto('/no/such/page')
        await expect(page.getByTestId('not-found')).toBeVisible()
        await shot('not-found')

        await signIn(page)
        await expect(page.getByTestId('page-title')).toBeVisible()
        if (device === 'desktop') {
          await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false')
          await shot('console-expanded')
          await page.getByTestId('sidebar-toggle').click()
          await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true')
          await shot('console-collapsed')
          await page.getByTestId('sidebar-toggle').click()
        } else {
          await shot('console')
          await page.getByTestId('mobile-menu').click()
          await expect(page.getByTestId('mobile-sidebar')).toBeVisible()
          await shot('console-menu')
        }
        expect(errors).toEqual([])
        await context.close()
      })
    }
  }
}
