import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { formatPerfSplit, perfAvailable, splitPerfScript, startPerfRecording } from './perf-profile.ts'

// What `perf script -F pid,tid,ip,sym,dso` prints for samples with call chains (innermost first).
const script = `
    700/700     
	ffffffff8225fd65 pvm_irq_enable ([kernel.kallsyms])
	ffffffff81c2a1b0 tcp_sendmsg ([kernel.kallsyms])
	    7f0a1b2c3d4e __GI___libc_write (/usr/lib/x86_64-linux-gnu/libc.so.6)
	    7f0a1b2c0000 [unknown] ([unknown])

    700/700     
	ffffffff8225fd65 pvm_irq_enable ([kernel.kallsyms])
	    7f0a1b2c3d4e __libc_pwrite (/usr/lib/x86_64-linux-gnu/libc.so.6)
	          1a2b3c sqlite3OsWrite (/usr/bin/node)

    700/700     
	    7f0a1b2c0000 [unknown] ([unknown])
	    7f0a1b2c0100 [unknown] ([unknown])

    700/700     
	          1a2b3c sqlite3VdbeExec (/usr/bin/node)

    700/700     
	          1b2b3c Builtins_LoadIC_Megamorphic (/usr/bin/node)

    700/703     
	          2b2b3c v8::internal::compiler::GraphReducer::ReduceTop() (/usr/bin/node)
	          2b2b00 v8::platform::DefaultWorkerThreadsTaskRunner::WorkerThread::Run() (/usr/bin/node)

    700/704     
	          3b2b3c v8::internal::Scavenger::ScavengePage(v8::internal::MutablePageMetadata*) (/usr/bin/node)

    700/704     
	    7f0a1b2c3d4e __futex_abstimed_wait_common (/usr/lib/x86_64-linux-gnu/libc.so.6)
`

describe('splitPerfScript', () => {
  it('names each sample by what it ran: the kernel by its system call, helper threads by their work', () => {
    const split = splitPerfScript(script)
    expect(split.samples).toBe(8)
    const percent = Object.fromEntries(split.parts.map((part) => [part.part, part.percent]))
    expect(percent).toEqual({
      'kernel: socket and pipe writes': 12.5,
      'kernel: file I/O (SQLite)': 12.5,
      'JavaScript (compiled code)': 12.5,
      SQLite: 12.5,
      'V8 builtins (ICs, promises, strings, JSON)': 12.5,
      'threads: JIT compiler': 12.5,
      'threads: GC': 12.5,
      'threads: other': 12.5,
    })
  })

  it('says µs per request from the shares and the measured CPU, leaving out parts under 1%', () => {
    const split = {
      samples: 300,
      parts: [
        { part: 'a', percent: 60 },
        { part: 'b', percent: 39.5 },
        { part: 'c', percent: 0.5 },
      ],
    }
    expect(formatPerfSplit(split, 200)).toBe('on-CPU µs/req by part (perf, 300 samples): a 120 · b 79')
  })
})

// linux-perf is installed on the machines this project is built on (the bench relies on it only
// when BENCH_PERF is set); a kernel that forbids sampling leaves nothing to test against.
describe.skipIf(!perfAvailable())('startPerfRecording', () => {
  it('samples a busy process and finds its time in its own code', async () => {
    const busy = spawn(process.execPath, ['-e', 'const end = Date.now() + 5000; while (Date.now() < end);'], {
      stdio: 'ignore',
    })
    try {
      const recording = await startPerfRecording([busy.pid as number])
      await new Promise((resolve) => setTimeout(resolve, 700))
      const split = await recording.stop()
      expect(split.samples).toBeGreaterThan(100)
      const share = (prefix: RegExp) =>
        split.parts.filter((part) => prefix.test(part.part)).reduce((sum, part) => sum + part.percent, 0)
      // A loop calling Date.now(): its compiled code, and the builtin and runtime call it makes.
      expect(share(/^(JavaScript|V8 )/)).toBeGreaterThan(60)
      expect(share(/^kernel/)).toBeLessThan(30)
    } finally {
      busy.kill()
    }
  })
})
