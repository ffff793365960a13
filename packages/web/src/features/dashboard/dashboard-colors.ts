import './dashboard-chart.css'

/** Series colours in a fixed order; the last slot is kept for the summed "other models". */
export const SERIES_COLORS = [
  '--chart-1',
  '--chart-2',
  '--chart-3',
  '--chart-4',
  '--chart-5',
  '--chart-6',
  '--chart-7',
].map((name) => `var(${name})`)
export const OTHER_COLOR = 'var(--chart-other)'
/** How many series a chart draws before it sums the rest as "other". */
export const MAX_SERIES = SERIES_COLORS.length + 1

export const seriesColor = (index: number, other = false) =>
  other ? OTHER_COLOR : SERIES_COLORS[index % SERIES_COLORS.length]
