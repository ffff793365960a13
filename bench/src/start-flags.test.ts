import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeFlagsOf, startNodeFlags } from './start-flags.ts'

const root = resolve(import.meta.dirname, '../..')

describe('startNodeFlags', () => {
  it('reads the node flags of the last command of a script, without --conditions', () => {
    expect(
      nodeFlagsOf('node scripts/build.mjs --quiet && node --conditions=x --max-semi-space-size=4 --no-foo dist/main.js')
    ).toEqual(['--max-semi-space-size=4', '--no-foo'])
    expect(nodeFlagsOf('tsx src/main.ts --watch')).toEqual([])
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
})
