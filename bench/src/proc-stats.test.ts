import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { processTree, readTreeCpuMicros, readTreeMemory } from './proc-stats.ts'

describe('processTree', () => {
  it('finds a process and its descendants, so a gateway with workers is measured whole', async () => {
    // A child that starts a grandchild and prints its pid.
    const child = spawn(
      process.execPath,
      [
        '-e',
        "const c = require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']); console.log(c.pid); setTimeout(() => {}, 20000)",
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] }
    )
    let grandchild = 0
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer]
      grandchild = Number(line.toString().trim())
      const tree = processTree(child.pid!)
      expect(tree).toEqual([child.pid, grandchild])
      expect(processTree(process.pid)).toEqual(expect.arrayContaining([child.pid, grandchild]))
      expect(readTreeCpuMicros(tree)).toBeGreaterThan(0)
      const memory = readTreeMemory(tree)
      expect(memory.totalRss).toBeGreaterThan(memory.rss)
      expect(memory.peakRss).toBeGreaterThanOrEqual(memory.rss)
    } finally {
      if (grandchild) process.kill(grandchild, 'SIGKILL')
      child.kill('SIGKILL')
    }
  })
})
