import { defineConfig } from 'vitest/config'

// One run covers every package; each package's own config says how its tests run.
// CI asks for a machine-readable report next to the usual output, to add up the counts.
const jsonReport = process.env.VITEST_JSON_REPORT

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/server', 'packages/web', 'bench'],
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
  },
})
