import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Integration tests share one process-wide option cache per app; files run in their own workers.
    pool: 'forks',
    testTimeout: 20_000,
  },
})
