// Adds up the vitest and Playwright JSON reports of a CI run and prints "N passed, N failed" last.
// Each failed test is named under its report's line, so the tail of a CI log says what failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const [dir, exitStatus] = process.argv.slice(2)

/** The first line of a failure message, without terminal colours, short enough for a log's tail. */
const firstLine = (message = '') =>
  String(message)
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? ''

function vitestFailures(report) {
  const names = []
  for (const suite of report.testResults ?? []) {
    const file = suite.name.replace(/^.*?packages\//, 'packages/')
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
    for (const test of failedTests) names.push(`${file} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    if (suite.status === 'failed' && failedTests.length === 0) names.push(`${file}: ${firstLine(suite.message)}`)
  }
  return names
}

function playwrightFailures(report) {
  const names = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const result = test.results?.at(-1)
          names.push(`${[...path, spec.title].join(' > ')}: ${firstLine(result?.error?.message)}`)
        }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [suite.title])
  for (const error of report.errors ?? []) names.push(`(run error): ${firstLine(error.message)}`)
  return names
}

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
  let names = []
  if ('numPassedTests' in report) {
    p = report.numPassedTests
    f = report.numFailedTests
    s = report.numPendingTests + (report.numTodoTests ?? 0)
    // A suite that failed to load has no failed tests but must still count as a failure.
    f += (report.testResults ?? []).filter(
      (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0
    ).length
    names = vitestFailures(report)
  } else if (report.stats) {
    p = report.stats.expected + report.stats.flaky
    f = report.stats.unexpected + (report.errors?.length ?? 0)
    s = report.stats.skipped
    names = playwrightFailures(report)
  }
  console.log(`${file}: ${p} passed, ${f} failed, ${s} skipped`)
  for (const name of names) console.log(`  failed: ${name}`)
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
