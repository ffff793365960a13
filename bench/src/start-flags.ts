import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The node flags `npm start` runs the gateway with (the heap settings of the README's Memory
 * section), read from the root package.json so the bench measures the gateway as it is deployed
 * and cannot drift from it. `--conditions` is left out: the bench sets it where it is needed.
 */
export function startNodeFlags(rootDir: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  return nodeFlagsOf(scripts.start ?? '')
}

/** The `--` flags of the last `node` command of a script, but its `--conditions`. */
export function nodeFlagsOf(script: string): string[] {
  const last = script.split('&&').at(-1)?.trim().split(/\s+/) ?? []
  if (last[0] !== 'node') return []
  return last.slice(1).filter((word) => word.startsWith('--') && !word.startsWith('--conditions'))
}
