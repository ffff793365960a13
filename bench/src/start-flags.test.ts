import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeFlagsOf, startEnv, startEnvOf, startNodeFlags } from './start-flags.ts'

const root = resolve(import.meta.dirname, '../..')

describe('startNodeFlags', () => {
  it('reads the node flags of the last command of a script, without --conditions', () => {
    expect(
      nodeFlagsOf('node scripts/build.mjs --quiet && node --conditions=x --max-semi-space-size=4 --no-foo dist/main.js')
    ).toEqual(['--max-semi-space-size=4', '--no-foo'])
    expect(nodeFlagsOf('tsx src/main.ts --watch')).toEqual([])
    expect(nodeFlagsOf('node a.mjs && A=1 B=${B:-2} node --x main.js')).toEqual(['--x'])
  })

  it('reads the variables set before the last command, keeping inherited ones where the shell would', () => {
    const script = 'node a.mjs && A=1 B=${B:-2} node --x main.js'
    expect(startEnvOf(script, {})).toEqual({ A: '1', B: '2' })
    expect(startEnvOf(script, { A: '9', B: '8' })).toEqual({ A: '1', B: '8' })
    // As in sh, an empty inherited value gives way to the default.
    expect(startEnvOf(script, { B: '' })).toEqual({ A: '1', B: '2' })
    expect(startEnvOf('node main.js', {})).toEqual({})
  })

  it('gives the bench the malloc arenas npm start runs the gateway with', () => {
    expect(startEnv(root, {})).toEqual({ MALLOC_ARENA_MAX: '2' })
    expect(startEnv(root, { MALLOC_ARENA_MAX: '4' })).toEqual({ MALLOC_ARENA_MAX: '4' })
  })

  it('gives the bench the heap flags npm start runs the gateway with', () => {
    // The flags the README's Memory section explains; the bench's figures depend on them.
    expect(startNodeFlags(root)).toEqual([
      '--max-semi-space-size=4',
      '--heap-growing-percent=50',
      '--no-allocation-site-pretenuring',
    ])
  })

  it('runs the Docker image with the same flags as npm start', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))?.[1]
    const words = JSON.parse(cmd ?? '[]') as string[]
    expect(nodeFlagsOf(words.join(' '))).toEqual(startNodeFlags(root))
  })

  it('sets the same malloc arenas in the Docker image as npm start', () => {
    const env = /^ENV (.*)$/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))?.[1] ?? ''
    expect(env.split(/\s+/)).toContain(`MALLOC_ARENA_MAX=${startEnv(root, {}).MALLOC_ARENA_MAX}`)
  })
})
