import { describe, expect, it } from 'vitest'

/**
 * A getBy or findBy query throws (or rejects) when nothing matches, so `expect(getBy…).toBeTruthy()`
 * (or `.toBeDefined()`, `.not.toBeNull()`) adds nothing that can fail: the test reads as if it checked something it
 * does not. Say what the user sees instead: toBeVisible(), a textContent, a disabled flag (the
 * matchers are in packages/web/test/matchers.ts). This scans every test file and the test kit; the
 * first test shows the scan catches each form. This file is left out: its samples are breaches.
 */

const files = import.meta.glob<string>(['/src/**/*.test.{ts,tsx}', '/test/**/*.{ts,tsx}', '!/src/assertions.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** Balanced parentheses two levels deep: a query's arguments, or within(screen.getByTestId('row')). */
const PARENS = String.raw`\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)`
/** expect( [await] [screen. | within(…). | row. …] getBy…/findBy…(…) [,] ).toBeTruthy(), .toBeDefined() or .not.toBeNull() */
const EMPTY_ASSERTION = new RegExp(
  String.raw`expect\(\s*(?:await\s+)?(?:[\w$!.\s]|\[[^\]]*\]|${PARENS})*?\b(?:get|find)(?:All)?By[A-Z]\w*${PARENS}\s*,?\s*\)\s*\.(?:toBeTruthy|toBeDefined|not\.toBeNull)\(\)`,
  'g'
)

/** Each assertion in `files` that cannot fail on its own, as `path:line: text`. */
function emptyAssertions(sources: Record<string, string>): string[] {
  return Object.entries(sources).flatMap(([path, text]) =>
    [...text.matchAll(EMPTY_ASSERTION)].map(
      (match) => `${path}:${text.slice(0, match.index).split('\n').length}: ${match[0].replace(/\s+/g, ' ')}`
    )
  )
}

describe('assertions in the web tests', () => {
  it('catches expect(getBy…/findBy…).toBeTruthy() in each form, and lets real checks through', () => {
    const found = emptyAssertions({
      '/src/a.test.tsx': [
        "expect(screen.getByText('Save')).toBeTruthy()",
        "expect(await screen.findByRole('button', { name: 'Go' })).toBeTruthy()",
        "expect(getByTestId('x')).toBeDefined()",
        "expect(screen.getByRole('button')).not.toBeNull()",
        "expect(within(screen.getByTestId('row')).getByText('a')).toBeTruthy()",
        "expect(section('Models').getAllByRole('listitem')).toBeTruthy()",
        "expect(\n  screen.getByLabelText('Name'),\n).toBeTruthy()",
      ].join('\n'),
      '/src/b.test.tsx': [
        "expect(screen.getByText('Save')).toBeVisible()",
        "expect(screen.queryByText('gone')).toBeNull()",
        "expect(first.getByText('alpha').closest('dd')).not.toBeNull()",
        "expect(screen.getByTestId('x').textContent).toBe('y')",
        'expect(flag).toBeTruthy()',
        'expect(en.actions[action]).toMatch(/\\S/)',
      ].join('\n'),
    })
    expect(found).toEqual([
      "/src/a.test.tsx:1: expect(screen.getByText('Save')).toBeTruthy()",
      "/src/a.test.tsx:2: expect(await screen.findByRole('button', { name: 'Go' })).toBeTruthy()",
      "/src/a.test.tsx:3: expect(getByTestId('x')).toBeDefined()",
      "/src/a.test.tsx:4: expect(screen.getByRole('button')).not.toBeNull()",
      "/src/a.test.tsx:5: expect(within(screen.getByTestId('row')).getByText('a')).toBeTruthy()",
      "/src/a.test.tsx:6: expect(section('Models').getAllByRole('listitem')).toBeTruthy()",
      "/src/a.test.tsx:7: expect( screen.getByLabelText('Name'), ).toBeTruthy()",
    ])
  })

  it('no web test asserts only that a getBy or findBy query found something', () => {
    // The glob found the tests (so the check below cannot pass on an empty list).
    expect(Object.keys(files)).toContain('/src/layers.test.ts')
    expect(emptyAssertions(files)).toEqual([])
  })
})
