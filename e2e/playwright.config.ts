import { defineConfig } from '@playwright/test'

const jsonReport = process.env.PLAYWRIGHT_JSON_REPORT

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built server,
 * which global-setup.ts starts on a free port with a fresh database.
 */
export default defineConfig({
  testDir: './src',
  globalSetup: './src/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  // The first-run story needs a fresh database; every other spec runs after it.
  projects: [
    { name: 'first-run', testMatch: /first-run\.spec\.ts/ },
    { name: 'features', testIgnore: /first-run\.spec\.ts/, dependencies: ['first-run'] },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
})
