import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

/**
 * A text summary of V8 `.cpuprofile` files (written by `node --cpu-prof`): where the busy time went,
 * by function and by module, with idle time left out.
 * @see https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile
 */
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const root = resolve(import.meta.dirname, '../..')

/** Where a script lives, shortened: `hono`, `undici`, `server/relay`, `node:internal/…`. */
function moduleOf(url: string): string {
  if (url === '') return '(native)'
  const path = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
  if (dependency?.[1]) return dependency[1]
  if (path.startsWith('node:')) return path.split('/').slice(0, 2).join('/')
  const inRepo = relative(root, path)
  if (!inRepo.startsWith('..')) {
    const parts = inRepo.split('/')
    return parts[0] === 'packages' ? `${parts[1]}/${parts[3] ?? parts[2]}` : (parts[0] ?? inRepo)
  }
  return path
}

export function summarizeCpuProfiles(dir: string, top = 20): string {
  const selfMicros = new Map<string, number>()
  const byModule = new Map<string, number>()
  const special = new Map<string, number>()
  const byServerCaller = new Map<string, number>()
  let busy = 0
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
    const parents = new Map<number, number>()
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
    profile.samples.forEach((id, index) => {
      const node = nodes.get(id)
      const micros = profile.timeDeltas[index] ?? 0
      if (!node) return
      const { functionName, url, lineNumber } = node.callFrame
      if (functionName === '(idle)') return
      busy += micros
      if (functionName.startsWith('(')) {
        special.set(functionName, (special.get(functionName) ?? 0) + micros)
        return
      }
      const name = `${functionName || '(anonymous)'}  ${url ? `${relative(root, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '(native)'}`
      selfMicros.set(name, (selfMicros.get(name) ?? 0) + micros)
      const module = moduleOf(url)
      byModule.set(module, (byModule.get(module) ?? 0) + micros)
      const caller = serverCaller(id, nodes, parents)
      if (caller) byServerCaller.set(caller, (byServerCaller.get(caller) ?? 0) + micros)
    })
  }
  if (busy === 0) return 'no CPU profile samples found'
  const share = (micros: number) => `${((micros / busy) * 100).toFixed(1).padStart(5)}%`
  const list = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `  ${share(micros)}  ${name}`)
  return [
    `gateway CPU profile: ${(busy / 1e6).toFixed(2)} s busy (idle excluded), self time`,
    'by module:',
    ...list(byModule, 15),
    ...list(special, 5),
    'by function:',
    ...list(selfMicros, top),
    'by the innermost server function outside src/db (who asked for the time, database work included):',
    ...list(byServerCaller, 15),
  ].join('\n')
}

/** The innermost frame of a sample's stack in packages/server/src, database layer excluded. */
function serverCaller(id: number, nodes: Map<number, ProfileNode>, parents: Map<number, number>): string | undefined {
  for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
    const frame = nodes.get(current)?.callFrame
    if (!frame || !frame.url.includes('/packages/server/src/') || frame.url.includes('/packages/server/src/db/'))
      continue
    return `${frame.functionName || '(anonymous)'}  ${relative(root, frame.url.replace(/^file:\/\//, ''))}:${frame.lineNumber + 1}`
  }
  return undefined
}
