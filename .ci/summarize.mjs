// Adds up the vitest and Playwright JSON reports of a CI run and prints "N passed, N failed" last.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const [dir, exitStatus] = process.argv.slice(2)
let passed = 0
let failed = 0
let skipped = 0
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  let p = 0
  let f = 0
  let s = 0
  if ('numPassedTests' in report) {
    p = report.numPassedTests
    f = report.numFailedTests
    s = report.numPendingTests + (report.numTodoTests ?? 0)
    // A suite that failed to load has no failed tests but must still count as a failure.
    f += (report.testResults ?? []).filter(
      (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0
    ).length
  } else if (report.stats) {
    p = report.stats.expected + report.stats.flaky
    f = report.stats.unexpected + (report.errors?.length ?? 0)
    s = report.stats.skipped
  }
  console.log(`${file}: ${p} passed, ${f} failed, ${s} skipped`)
  passed += p
  failed += f
  skipped += s
}
const expected = ['vitest-sqlite.json', 'playwright.json', 'vitest-postgres.json', 'vitest-mariadb.json']
for (const name of expected) {
  if (!existsSync(join(dir, name))) {
    console.log(`${name}: missing (that run did not complete)`)
    failed += 1
  }
}
// A failing lint, typecheck or install step fails the run even when every test passed.
if (exitStatus !== '0' && failed === 0) failed = 1
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
