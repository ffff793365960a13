import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Request and response shapes are written once, in @gateway/shared (ARCHITECTURE.md): the console
 * imports them instead of declaring its own copy, which would drift from the server's. Two checks
 * over the console's source text: no exported type or interface takes a name @gateway/shared
 * exports (a copy kept under the same name), and no interface has the same fields as a shared one
 * (a copy under another name). The first test shows that each check catches its breach.
 */

interface SourceFile {
  /** path under src (console) or under shared/src */
  path: string
  text: string
}

// The shared package as the console resolves it (its `exports` point at the sources).
const sharedIndex = createRequire(import.meta.url).resolve('@gateway/shared')

/** Every module index.ts re-exports, with its text. */
function sharedSources(): SourceFile[] {
  const index = readFileSync(sharedIndex, 'utf8')
  const modules = [...index.matchAll(/^export \* from '\.\/([\w-]+\.ts)'/gm)].map(([, file = '']) => file)
  return modules.map((file) => ({ path: file, text: readFileSync(join(dirname(sharedIndex), file), 'utf8') }))
}

const consoleSources: SourceFile[] = Object.entries(
  import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  })
).map(([path, text]) => ({ path: path.replace(/^\/src\//, ''), text }))

/** Names a module exports by declaration (values and types). */
const exportedNames = (text: string): string[] =>
  [...text.matchAll(/^export (?:declare )?(?:interface|type|const|let|function|class|enum) (\w+)/gm)].map(
    ([, name = '']) => name
  )

/** The interfaces a module declares, each with its top-level field names (two-space indented members). */
function interfaceFields(text: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  for (const match of text.matchAll(/^(?:export )?interface (\w+)(?:<[^>]*>)?(?: extends [^{]+)? \{\n/gm)) {
    let depth = 1
    let end = match.index + match[0].length
    while (depth > 0 && end < text.length) {
      if (text[end] === '{') depth++
      else if (text[end] === '}') depth--
      end++
    }
    const body = text.slice(match.index + match[0].length, end - 1)
    found.set(match[1] ?? '', new Set([...body.matchAll(/^ {2}(\w+)\??:/gm)].map(([, field = '']) => field)))
  }
  return found
}

/** Fewer fields than this say too little for two interfaces to be the same shape by chance. */
const MIN_FIELDS = 3

function breaches(shared: SourceFile[], consoleFiles: SourceFile[]): { sameName: string[]; sameFields: string[] } {
  const sharedNames = new Set(shared.flatMap((file) => exportedNames(file.text)))
  const sharedShapes = shared.flatMap((file) =>
    [...interfaceFields(file.text)].map(([name, fields]) => ({ name, fields }))
  )
  const sameName: string[] = []
  const sameFields: string[] = []
  for (const file of consoleFiles) {
    for (const [, name = ''] of file.text.matchAll(/^export (?:interface|type) (\w+)/gm)) {
      if (sharedNames.has(name)) sameName.push(`${file.path}: ${name}`)
    }
    for (const [name, fields] of interfaceFields(file.text)) {
      if (fields.size < MIN_FIELDS) continue
      for (const shape of sharedShapes) {
        if (shape.fields.size === fields.size && [...fields].every((field) => shape.fields.has(field)))
          sameFields.push(`${file.path}: ${name} = ${shape.name}`)
      }
    }
  }
  return { sameName, sameFields }
}

describe('contracts of the console', () => {
  it("catches a copied name and a renamed copy, and lets the console's own shapes through", () => {
    const shared = [
      {
        path: 'task.ts',
        text: 'export interface TaskRecord {\n  id: number\n  status: string\n  progress: string\n}\nexport const listTasksQuery = z.object({})',
      },
    ]
    const found = breaches(shared, [
      {
        path: 'features/tasks/api.ts',
        text: 'export interface TaskRecord {\n  id: number\n}\nexport type listTasksQuery = string',
      },
      {
        path: 'features/tasks/task-format.ts',
        text: 'interface Row {\n  progress: string\n  id: number\n  status: string\n}',
      },
      {
        path: 'features/tasks/task-search.ts',
        text: 'export interface TaskSearch {\n  id: number\n  status: string\n  start: number\n}\nexport type TaskStatusKey = string',
      },
    ])
    expect(found).toEqual({
      sameName: ['features/tasks/api.ts: TaskRecord', 'features/tasks/api.ts: listTasksQuery'],
      sameFields: ['features/tasks/task-format.ts: Row = TaskRecord'],
    })
  })

  it('reads the shared package and the console', () => {
    const shared = sharedSources()
    // Known names from both, so that an empty read cannot pass the next test.
    expect(shared.flatMap((file) => exportedNames(file.text))).toEqual(
      expect.arrayContaining(['TaskRecord', 'MjTask', 'QuotaDataRow', 'PricingItem', 'ChannelStatus'])
    )
    expect(consoleSources.map((file) => file.path)).toEqual(
      expect.arrayContaining(['features/tasks/api.ts', 'features/channels/api.ts'])
    )
  })

  it('declares no copy of a shared shape', () => {
    expect(breaches(sharedSources(), consoleSources)).toEqual({ sameName: [], sameFields: [] })
  })
})
