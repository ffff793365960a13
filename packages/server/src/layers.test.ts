import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { relativeImports, sourceFiles } from '../test/source-tree.ts'

/**
 * Each thing has one room (see ARCHITECTURE.md): SQL only in db/queries (and the rest of db/), routes
 * reach the database only through services, the environment is read only in env.ts, and nothing
 * the build ships imports from the test kits in packages/server/test. Each rule is a check over the
 * source text of every non-test file under src; the first test shows each check catches a breach.
 */
const root = import.meta.dirname
const testDir = resolve(root, '../test')

interface SourceFile {
  /** path relative to src, with forward slashes */
  path: string
  text: string
}

/** Kysely's query builders and its sql tag: what writes SQL. A transaction() alone does not. */
const QUERY_BUILDING =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|\bsql(?:<[^>]*>)?`|\bsql\.(?:raw|ref|id|lit|join|table|val|expression)\(|import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'/

/** Lines of `file` that build SQL, unless it lives under db/. */
function sqlOutsideQueries(file: SourceFile): string[] {
  if (file.path.startsWith('db/')) return []
  return file.text.split('\n').filter((line) => QUERY_BUILDING.test(line))
}

/** Imports of a file under routes/ that lead into db/ (types included: a route's contract comes from its service). */
function routeImportsOfDb(file: SourceFile): string[] {
  if (!file.path.startsWith('routes/')) return []
  const from = dirname(join(root, file.path))
  return relativeImports(file.text, { dynamic: true }).filter(
    (spec) => relative(root, resolve(from, spec)).split(sep)[0] === 'db'
  )
}

/** Reads of process.env outside env.ts, which parses, types and documents every variable once. */
function environmentReads(file: SourceFile): string[] {
  if (file.path === 'env.ts') return []
  return file.text.split('\n').filter((line) => /\bprocess\.env\b|\bprocess\[['"]env['"]\]/.test(line))
}

/** Imports that lead out of src into the test folder (fakes, kits, the harness), which the build leaves out. */
function testKitImports(file: SourceFile): string[] {
  const from = dirname(join(root, file.path))
  return relativeImports(file.text, { dynamic: true }).filter((spec) => {
    const target = resolve(from, spec)
    return target === testDir || target.startsWith(testDir + sep)
  })
}

const rules = { sqlOutsideQueries, routeImportsOfDb, environmentReads, testKitImports }

function breaches(files: SourceFile[]): Record<keyof typeof rules, string[]> {
  const found = { sqlOutsideQueries: [], routeImportsOfDb: [], environmentReads: [], testKitImports: [] } as Record<
    keyof typeof rules,
    string[]
  >
  for (const file of files) {
    for (const [name, rule] of Object.entries(rules) as Array<[keyof typeof rules, (file: SourceFile) => string[]]>) {
      for (const hit of rule(file)) found[name].push(`${file.path}: ${hit.trim()}`)
    }
  }
  return found
}

describe('layers of packages/server/src', () => {
  it('catches each kind of breach, and lets the allowed forms through', () => {
    const found = breaches([
      { path: 'services/users/a.ts', text: "const row = await services.db.selectFrom('users').selectAll().execute()" },
      {
        path: 'services/users/b.ts',
        text: "import { sql } from 'kysely'\nawait db.transaction().execute(async (trx) => trx)",
      },
      { path: 'relay/c.ts', text: 'const n = sql<number>`1`' },
      { path: 'db/queries/users.ts', text: "db.selectFrom('users')\nconst x = sql`select 1`" },
      {
        path: 'routes/api/d.ts',
        text: "import type { TaskRow } from '../../db/queries/tasks.ts'\nimport { listTasks } from '../../services/tasks/list-tasks.ts'",
      },
      { path: 'routes/relay/e.ts', text: "const { pingDatabase } = await import('../../db/queries/health.ts')" },
      { path: 'services/f.ts', text: 'const dsn = process.env.SQL_DSN\nconst ok = env.SQL_DSN' },
      { path: 'env.ts', text: 'export function readEnv(source = process.env) {}' },
      {
        path: 'relay/suno/g.ts',
        text: "import { startFakeSunoUpstream } from '../../../test/fake-upstreams/suno-upstream.ts'\nimport { x } from './suno-error.ts'",
      },
    ])
    expect(found.sqlOutsideQueries).toEqual([
      "services/users/a.ts: const row = await services.db.selectFrom('users').selectAll().execute()",
      "services/users/b.ts: import { sql } from 'kysely'",
      'relay/c.ts: const n = sql<number>`1`',
    ])
    expect(found.routeImportsOfDb).toEqual([
      'routes/api/d.ts: ../../db/queries/tasks.ts',
      'routes/relay/e.ts: ../../db/queries/health.ts',
    ])
    expect(found.environmentReads).toEqual(['services/f.ts: const dsn = process.env.SQL_DSN'])
    expect(found.testKitImports).toEqual(['relay/suno/g.ts: ../../../test/fake-upstreams/suno-upstream.ts'])
  })

  it('keeps SQL in db/, routes off db/, the environment in env.ts and test kits out of src', () => {
    const files = sourceFiles(root).map((path) => ({
      path: relative(root, path).split(sep).join('/'),
      text: readFileSync(path, 'utf8'),
    }))
    expect(files.length).toBeGreaterThan(100)
    expect(files.some((file) => file.path.startsWith('routes/'))).toBe(true)
    expect(breaches(files)).toEqual({
      sqlOutsideQueries: [],
      routeImportsOfDb: [],
      environmentReads: [],
      testKitImports: [],
    })
  })
})

/** vi.mock and vi.doMock calls: with isolate: false a mocked module would leak into every later file of the worker. */
function moduleMocks(text: string): string[] {
  return text
    .split('\n')
    .filter(
      (line) => /\bvi\.(?:do)?[mM]ock\(/.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*')
    )
}

/** Every .test.ts below `dir`. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('server test files (they share their worker’s modules, vitest isolate: false)', () => {
  it('catches a module mock, and lets a spy through', () => {
    expect(
      moduleMocks("vi.mock('./password.ts')\nvi.spyOn(bcrypt, 'compare')\nvi.doMock('../x.ts', () => ({}))")
    ).toEqual(["vi.mock('./password.ts')", "vi.doMock('../x.ts', () => ({}))"])
  })

  it('replace no module with vi.mock: they spy on shared objects instead', () => {
    const files = [...testFiles(root), ...testFiles(testDir)].filter((path) => path !== import.meta.filename)
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((path) =>
      moduleMocks(readFileSync(path, 'utf8')).map((line) => `${relative(root, path)}: ${line.trim()}`)
    )
    expect(found).toEqual([])
  })
})
