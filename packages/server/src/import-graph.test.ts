import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { relativeImports, sourceFiles } from '../test/source-tree.ts'

/**
 * The server's modules import each other without circles: a circle makes load order matter (a
 * value read before its module ran is undefined) and ties modules that should stand apart, such
 * as the providers and the relay that uses them. Type imports count too: they tie the modules'
 * contracts the same way.
 */
const root = import.meta.dirname

/** Every elementary circle's members, found by depth-first search from each module in turn (the graph is small). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = []
  const seen = new Set<string>()
  const done = new Set<string>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const visit = (node: string) => {
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (onStack.has(next)) {
        const cycle = stack.slice(stack.indexOf(next))
        const key = [...cycle].sort().join('|')
        if (!seen.has(key)) {
          seen.add(key)
          cycles.push([...cycle, next])
        }
      } else if (!done.has(next) && graph.has(next)) visit(next)
    }
    stack.pop()
    onStack.delete(node)
    done.add(node)
  }
  for (const node of graph.keys()) if (!done.has(node)) visit(node)
  return cycles
}

describe('import graph of packages/server/src', () => {
  it('finds a circle when there is one, and reads type and re-export specifiers', () => {
    expect(
      relativeImports(
        "import type { A } from './a.ts'\nexport { B } from '../b.ts'\nimport './c.ts'\nimport x from 'undici'\n"
      )
    ).toEqual(['./a.ts', '../b.ts', './c.ts'])
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']])
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ])
      )
    ).toEqual([])
  })

  it('has no import circles', () => {
    const files = sourceFiles(root)
    expect(files.length).toBeGreaterThan(100)
    const graph = new Map<string, string[]>()
    for (const file of files) {
      const rel = relative(root, file)
      graph.set(
        rel,
        relativeImports(readFileSync(file, 'utf8')).map((spec) => relative(root, resolve(dirname(file), spec)))
      )
    }
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([])
  })
})
