import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

/**
 * CPU time and memory of another process, read from Linux /proc.
 * @see https://man7.org/linux/man-pages/man5/proc_pid_stat.5.html
 * @see https://man7.org/linux/man-pages/man5/proc_pid_status.5.html
 */

let ticksPerSecond: number | undefined

/** Clock ticks per second of /proc/<pid>/stat times (`getconf CLK_TCK`, nearly always 100). */
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    } catch {
      ticksPerSecond = 100
    }
  }
  return ticksPerSecond
}

/**
 * User plus system CPU time of a process (all its threads), in microseconds, at clock-tick
 * resolution (10 ms at 100 Hz: a window of seconds makes that error small).
 */
export function readCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1_000_000) / clockTicksPerSecond()
}

export interface MemoryStats {
  /** Resident set size now, in bytes. */
  rss: number
  /** Peak resident set size (VmHWM) since start or the last `resetPeakRss`, in bytes. */
  peakRss: number
}

export function readMemory(pid: number): MemoryStats {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024
  return { rss: kib('VmRSS'), peakRss: kib('VmHWM') }
}

/**
 * Resets the peak RSS to the current RSS (writing 5 to clear_refs, Linux 4.0+), so that a
 * measured window reports its own peak. False when the kernel refuses; the peak is then the
 * process's lifetime peak.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

export const mebibytes = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10

/**
 * A process and all its descendants (a gateway with WORKERS > 1 is a primary and its workers),
 * from the parent pid in each /proc/<pid>/stat. Processes that end during the scan are skipped.
 */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const children = parents.get(parent) ?? []
      children.push(Number(entry))
      parents.set(parent, children)
    } catch {
      // ended meanwhile
    }
  }
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []))
  return tree
}

/** The CPU time of every process of a tree, summed (µs); one that ended meanwhile counts as 0. */
export function readTreeCpuMicros(pids: number[]): number {
  let total = 0
  for (const pid of pids) {
    try {
      total += readCpuMicros(pid)
    } catch {
      // ended meanwhile
    }
  }
  return total
}

/** Memory of a tree: the largest process's current and peak RSS, and the RSS of all of them. */
export function readTreeMemory(pids: number[]): MemoryStats & { totalRss: number } {
  const all = pids.flatMap((pid) => {
    try {
      return [readMemory(pid)]
    } catch {
      return []
    }
  })
  return {
    rss: Math.max(0, ...all.map((m) => m.rss)),
    peakRss: Math.max(0, ...all.map((m) => m.peakRss)),
    totalRss: all.reduce((sum, m) => sum + m.rss, 0),
  }
}
