/**
 * Logs for a person at a terminal: pino's JSON lines are right for collectors (files, Docker, journald)
 * but bury the start-up hints (the generated secret's file, "open the console to create the root")
 * in braces. When stdout is a terminal each line is printed as `time LEVEL message key=value ...`.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }

const pad = (n: number) => String(n).padStart(2, '0')

/** One pino JSON line as one readable line (a line that is not JSON is passed through). */
export function formatLogLine(line: string): string {
  let record: Record<string, unknown>
  try {
    record = JSON.parse(line) as Record<string, unknown>
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, ...fields } = record
  const at = typeof time === 'number' ? new Date(time) : new Date()
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
  const label = (LEVELS[level as number] ?? String(level)).padEnd(5)
  const extra = Object.entries(fields).map(
    ([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`
  )
  return `${clock} ${label} ${[String(msg ?? ''), ...extra].join('  ')}\n`
}

/** A pino destination writing readable lines to `out`. */
export function readableLogStream(out: { write(text: string): unknown } = process.stdout): {
  write(line: string): void
} {
  return {
    write(line: string) {
      out.write(formatLogLine(line))
    },
  }
}
