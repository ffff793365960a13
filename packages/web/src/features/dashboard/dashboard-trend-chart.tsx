import { useTranslation } from 'react-i18next'
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts'
import { bucketLabel, seriesTotal, type Metric, type Series, type TrendPoint } from './dashboard-aggregate'
import { axisTickFormatter, axisTicks, axisWidth, type AxisUnit } from './dashboard-axis-ticks'
import { seriesColor } from './dashboard-colors'
import type { Granularity } from './dashboard-search'

interface TrendChartProps {
  points: TrendPoint[]
  series: Series[]
  metric: Metric
  granularity: Granularity
  /** a value as text, for the tooltip */
  format: (value: number) => string
  /** what the values are, for the axis ticks and their labels */
  unit: AxisUnit
}

type Datum = { label: string } & Record<string, number | string>

function TrendTooltip({
  active,
  payload,
  label,
  format,
  series,
}: TooltipContentProps<number, string> & { format: (value: number) => string; series: Series[] }) {
  const { t } = useTranslation('dashboard')
  if (!active || !payload?.length) return null
  const items = payload.filter((item) => Number(item.value) > 0).sort((a, b) => Number(b.value) - Number(a.value))
  const total = payload.reduce((sum, item) => sum + Number(item.value ?? 0), 0)
  const name = (key: string) => {
    const found = series.find((s) => s.key === key)
    return found?.other ? t('chart.otherModels', { n: found.models.length }) : (found?.model ?? key)
  }
  return (
    <div className="min-w-44 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <div className="mb-1.5 font-medium">{label}</div>
      {items.map((item) => (
        <div key={String(item.dataKey)} className="flex items-center gap-2 py-0.5">
          <span className="size-2.5 shrink-0 rounded-sm" style={{ background: item.color }} />
          <span className="max-w-48 truncate text-muted-foreground">{name(String(item.dataKey))}</span>
          <span className="ml-auto pl-3 font-medium tabular-nums">{format(Number(item.value))}</span>
        </div>
      ))}
      <div className="mt-1.5 flex items-center gap-2 border-t pt-1.5">
        <span className="text-muted-foreground">{t('chart.total')}</span>
        <span className="ml-auto font-semibold tabular-nums">{format(total)}</span>
      </div>
    </div>
  )
}

/** Stacked bars over time, one colour per model, of the chosen metric. */
export function TrendChart({ points, series, metric, granularity, format, unit }: TrendChartProps) {
  const data: Datum[] = points.map((point) => {
    const datum: Datum = { label: bucketLabel(point.time, granularity) }
    for (const s of series) datum[s.key] = seriesTotal(s, point.values, metric)
    return datum
  })
  // The tallest stack: the bars of one bucket sit on each other.
  const highest = Math.max(
    0,
    ...points.map((point) => series.reduce((sum, s) => sum + seriesTotal(s, point.values, metric), 0))
  )
  // Our own ticks, so that the labels' digits follow the step and the axis is as wide as its longest label.
  const ticks = axisTicks(highest, unit)
  const formatTick = axisTickFormatter(ticks, unit)
  const width = axisWidth(ticks.map(formatTick))
  return (
    <div className="h-72 w-full sm:h-80" data-testid="dashboard-trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} maxBarSize={48}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            tickMargin={8}
            minTickGap={24}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={width}
            ticks={ticks}
            domain={[0, ticks.at(-1) ?? 1]}
            interval={0}
            tickFormatter={(value: number) => formatTick(value)}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
            content={(props) => (
              <TrendTooltip {...(props as TooltipContentProps<number, string>)} format={format} series={series} />
            )}
          />
          {series.map((s, index) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              stackId="models"
              fill={seriesColor(index, s.other)}
              radius={index === series.length - 1 ? [3, 3, 0, 0] : 0}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
