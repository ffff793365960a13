import { spawn, spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Where a relay's CPU time goes, from Linux `perf` (BENCH_PERF=1): on-CPU samples of every thread
 * of the relay's processes, the kernel's share included, split by what the sample was running.
 * V8's own profiler (BENCH_GATEWAY_CPU_PROF) sees neither the kernel nor V8's helper threads, and
 * it charges time the thread spent descheduled to whatever JavaScript was on the stack; here a
 * socket write's cost, the loopback delivery it runs, and the compiler and GC threads show as such.
 */
export interface PerfSplit {
  /** sampled share of the relay's CPU time per part, in per cent, largest first */
  parts: { part: string; percent: number }[]
  samples: number
}

/** Whether `perf record` can sample here (it needs linux-perf and a kernel that allows it). */
export function perfAvailable(): boolean {
  const probe = spawnSync('perf', ['record', '-q', '-e', 'cpu-clock', '-o', '/dev/null', '--', 'true'], {
    stdio: 'ignore',
    timeout: 10_000,
  })
  return probe.status === 0
}

export interface PerfRecording {
  /** Stops sampling and splits what was sampled. */
  stop(): Promise<PerfSplit>
}

/** Samples `pids` (all their threads, with call chains) until stopped. */
export async function startPerfRecording(pids: number[]): Promise<PerfRecording> {
  const file = join(tmpdir(), `bench-perf-${process.pid}-${Date.now()}.data`)
  const recorder = spawn(
    'perf',
    ['record', '-q', '-g', '-e', 'cpu-clock', '-F', String(SAMPLES_PER_SECOND), '-p', pids.join(','), '-o', file],
    { stdio: ['ignore', 'ignore', 'pipe'] }
  )
  let errors = ''
  recorder.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text))
  const exited = new Promise<string>((resolve) =>
    recorder.once('exit', (code, signal) => resolve(signal ?? String(code)))
  )
  // perf attaches to the processes after it starts; a window that began first would miss its start.
  await new Promise((resolve) => setTimeout(resolve, ATTACH_MS))
  return {
    async stop() {
      recorder.kill('SIGINT')
      // perf writes its file when interrupted and then ends by that signal, or with 0.
      const ending = await exited
      try {
        if (ending !== '0' && ending !== 'SIGINT') throw new Error(`perf record ended with ${ending}: ${errors.trim()}`)
        const script = spawnSync('perf', ['script', '-i', file, '-F', 'pid,tid,ip,sym,dso'], {
          encoding: 'utf8',
          maxBuffer: 1024 * 1024 * 1024,
        })
        if (script.status !== 0) throw new Error(`perf script failed: ${script.stderr.trim()}`)
        return splitPerfScript(script.stdout)
      } finally {
        rmSync(file, { force: true })
      }
    },
  }
}

const SAMPLES_PER_SECOND = 999
const ATTACH_MS = 300

interface Frame {
  symbol: string
  dso: string
}

/** Splits `perf script -F pid,tid,ip,sym,dso` output (one block per sample, innermost frame first). */
export function splitPerfScript(text: string): PerfSplit {
  const counts = new Map<string, number>()
  let samples = 0
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '')
    const head = /^\s*(\d+)\/(\d+)/.exec(lines[0] ?? '')
    if (!head) continue
    const frames = lines.slice(1).map(frameOf)
    const part = head[1] === head[2] ? mainThreadPart(frames) : helperThreadPart(frames)
    counts.set(part, (counts.get(part) ?? 0) + 1)
    samples++
  }
  const parts = [...counts]
    .map(([part, count]) => ({ part, percent: samples === 0 ? 0 : (count / samples) * 100 }))
    .sort((a, b) => b.percent - a.percent)
  return { parts, samples }
}

function frameOf(line: string): Frame {
  const match = /^\s*[0-9a-f]+\s+(.*?)\s+\(([^)]*)\)\s*$/.exec(line)
  return match ? { symbol: match[1] as string, dso: match[2] as string } : { symbol: line.trim(), dso: '' }
}

const isKernel = (frame: Frame) => frame.dso === '[kernel.kallsyms]' || frame.dso.startsWith('[kernel')
const GC = /Scaveng|MarkCompact|Marking|Sweep|Evacuat|Heap::|GCTracer|MemoryAllocator|ArrayBufferSweeper/
const COMPILER = /compiler::|turboshaft|[Mm]aglev|Compile|Sparkplug|Baseline/
const SQLITE = /sqlite3|pcache|pager|[Bb]tree|[Vv]dbe|wal[A-Z]|walIndex|unixWrite|unixRead|unixSync/
const FILE_IO = /^(__libc_)?(pwrite|pread|fsync|fdatasync|ftruncate|fcntl)|^__fcntl|^__ftruncate/

/** The main thread's sample: the kernel by the system call it serves, else by what runs in user space. */
function mainThreadPart(frames: Frame[]): string {
  const leaf = frames[0]
  if (!leaf) return 'unknown'
  if (isKernel(leaf)) {
    const caller = frames.find((frame) => !isKernel(frame))?.symbol ?? ''
    if (/writev|(^|_)write$/.test(caller)) return 'kernel: socket and pipe writes'
    if (/(^|_)read$|readv/.test(caller)) return 'kernel: socket reads'
    if (FILE_IO.test(caller)) return 'kernel: file I/O (SQLite)'
    if (/epoll/.test(caller)) return 'kernel: event loop wait'
    return 'kernel: other (interrupts, faults, scheduling)'
  }
  const { symbol, dso } = leaf
  if (symbol.startsWith('JS:') || /perf-\d+\.map|\[JIT\]|\[unknown\]|^$/.test(dso)) return 'JavaScript (compiled code)'
  if (SQLITE.test(symbol)) return 'SQLite'
  if (GC.test(symbol)) return 'GC (main thread)'
  if (symbol.startsWith('Builtins_')) return 'V8 builtins (ICs, promises, strings, JSON)'
  if (/llhttp/.test(symbol)) return 'HTTP parser'
  if (/libc\.so|libstdc\+\+|libm\.so|ld-linux/.test(dso)) return 'libc (malloc, memcpy)'
  if (/^(node::|uv_|uv__)/.test(symbol)) return 'node and libuv'
  return 'V8 runtime and interpreter'
}

/** A helper thread's sample: V8's compiler and GC threads, or the rest (libuv's pool, the platform). */
function helperThreadPart(frames: Frame[]): string {
  const symbols = frames.map((frame) => frame.symbol).join(' ')
  if (COMPILER.test(symbols)) return 'threads: JIT compiler'
  if (GC.test(symbols)) return 'threads: GC'
  return 'threads: other'
}

/** `kernel: socket writes 24 · JavaScript 17 · …` in µs per request, from the shares and the measured CPU. */
export function formatPerfSplit(split: PerfSplit, cpuMicrosPerRequest: number): string {
  const parts = split.parts
    .filter((part) => part.percent >= 1)
    .map((part) => `${part.part} ${Math.round((part.percent / 100) * cpuMicrosPerRequest)}`)
  return `on-CPU µs/req by part (perf, ${split.samples} samples): ${parts.join(' · ')}`
}
