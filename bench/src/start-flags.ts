import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * How `npm start` runs the gateway: the node flags (the heap settings of the README's Memory
 * section) and the environment it sets (MALLOC_ARENA_MAX), read from the root package.json so the
 * bench measures the gateway as it is deployed and cannot drift from it. `--conditions` is left
 * out: the bench sets it where it is needed.
 */
export function startNodeFlags(rootDir: string): string[] {
  return nodeFlagsOf(startScript(rootDir))
}

/** The variables `npm start` sets for the gateway, resolved against `inherited` as the shell would. */
export function startEnv(rootDir: string, inherited: Record<string, string | undefined> = process.env) {
  return startEnvOf(startScript(rootDir), inherited)
}

function startScript(rootDir: string): string {
  const { scripts } = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  return scripts.start ?? ''
}

/** `NAME=value` before the command (the only shell syntax a start script here uses). */
const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(.*)$/

/** The words of the last command of a script, split into its leading assignments and the rest. */
function lastCommand(script: string): { assignments: string[]; words: string[] } {
  const words = script.split('&&').at(-1)?.trim().split(/\s+/) ?? []
  const command = words.findIndex((word) => !ASSIGNMENT.test(word))
  return command === -1
    ? { assignments: words, words: [] }
    : { assignments: words.slice(0, command), words: words.slice(command) }
}

/** The `--` flags of the last `node` command of a script, but its `--conditions`. */
export function nodeFlagsOf(script: string): string[] {
  const { words } = lastCommand(script)
  if (words[0] !== 'node') return []
  return words.slice(1).filter((word) => word.startsWith('--') && !word.startsWith('--conditions'))
}

/**
 * The variables the last command of a script is given. A value `${NAME:-default}` keeps what the
 * environment already has, as the shell does; a plain value is taken as it is.
 */
export function startEnvOf(script: string, inherited: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const assignment of lastCommand(script).assignments) {
    const [, name = '', value = ''] = ASSIGNMENT.exec(assignment) ?? []
    const fallback = /^\$\{([A-Z_][A-Z0-9_]*):-(.*)\}$/.exec(value)
    env[name] = fallback ? inherited[fallback[1] ?? ''] || (fallback[2] ?? '') : value
  }
  return env
}
