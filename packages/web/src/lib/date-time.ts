const pad = (value: number) => String(value).padStart(2, '0')

/** Unix seconds as `yyyy-MM-dd HH:mm:ss` in local time (the expiry field's format). */
export function formatDateTimeInput(seconds: number): string {
  const date = new Date(seconds * 1000)
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}

const pattern = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/

/**
 * `yyyy-MM-dd HH:mm:ss` (seconds, or the whole time, may be left out) in local time as unix
 * seconds; null when it is not a real date.
 */
export function parseDateTimeInput(text: string): number | null {
  const match = pattern.exec(text.trim())
  if (!match) return null
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[]
  const date = new Date(year!, month! - 1, day!, hours, minutes, seconds)
  // Date rolls 2024-02-31 over into March; such input is not a date.
  if (date.getFullYear() !== year || date.getMonth() !== month! - 1 || date.getDate() !== day) return null
  if (hours > 23 || minutes > 59 || seconds > 59) return null
  return Math.floor(date.getTime() / 1000)
}

/** Unix seconds in the reader's locale, date and time. */
export function formatLocalDateTime(seconds: number, language?: string): string {
  return new Date(seconds * 1000).toLocaleString(language === 'zh' ? 'zh-CN' : language, { hour12: false })
}
