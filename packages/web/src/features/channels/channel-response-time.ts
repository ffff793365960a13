/** Spec §4: 0 untested; up to 1 s green; up to 3 s lime; up to 5 s yellow; above that red. */
export type ResponseTimeLevel = 'untested' | 'green' | 'lime' | 'yellow' | 'red'

/** The colour band of a response time given in milliseconds. */
export function responseTimeLevel(milliseconds: number): ResponseTimeLevel {
  if (!milliseconds) return 'untested'
  if (milliseconds <= 1000) return 'green'
  if (milliseconds <= 3000) return 'lime'
  if (milliseconds <= 5000) return 'yellow'
  return 'red'
}

export const responseTimeClasses: Record<ResponseTimeLevel, string> = {
  untested: 'border-transparent bg-muted text-muted-foreground',
  green: 'border-success/25 bg-success/12 text-success',
  lime: 'border-lime-500/30 bg-lime-500/12 text-lime-700 dark:text-lime-400',
  yellow: 'border-warning/30 bg-warning/15 text-yellow-700 dark:text-warning',
  red: 'border-destructive/25 bg-destructive/10 text-destructive',
}

/** Seconds with two decimals, as the reference shows them. */
export const formatSeconds = (milliseconds: number): string => `${(milliseconds / 1000).toFixed(2)}s`
