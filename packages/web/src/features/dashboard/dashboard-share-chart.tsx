import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip, type TooltipContentProps } from 'recharts'
import type { Series } from './dashboard-aggregate'
import { seriesColor } from './dashboard-colors'

export interface ShareSlice {
  series: Series
  index: number
  name: string
  value: number
}

interface ShareChartProps {
  slices: ShareSlice[]
  /** the whole, drawn in the middle of the ring */
  centerValue: string
  centerLabel: string
  format: (value: number) => string
}

function ShareTooltip({
  active,
  payload,
  format,
  total,
}: TooltipContentProps<number, string> & { format: (value: number) => string; total: number }) {
  const item = payload?.[0]
  if (!active || !item) return null
  const slice = item.payload as ShareSlice
  return (
    <div className="rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <div className="flex items-center gap-2">
        <span
          className="size-2.5 shrink-0 rounded-sm"
          style={{ background: seriesColor(slice.index, slice.series.other) }}
        />
        <span className="max-w-48 truncate font-medium">{slice.name}</span>
      </div>
      <div className="mt-1 tabular-nums text-muted-foreground">
        {format(slice.value)} · {total > 0 ? ((slice.value / total) * 100).toFixed(1) : '0'}%
      </div>
    </div>
  )
}

/** The share of each model in the chosen metric, as a ring with the total in its middle. */
export function ShareChart({ slices, centerValue, centerLabel, format }: ShareChartProps) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0)
  const visible = slices.filter((slice) => slice.value > 0)
  return (
    <div className="relative h-56 w-full" data-testid="dashboard-share-chart">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={visible.length ? visible : [{ name: '', value: 1, index: -1 }]}
            dataKey="value"
            nameKey="name"
            innerRadius="62%"
            outerRadius="92%"
            paddingAngle={visible.length > 1 ? 2 : 0}
            stroke="var(--card)"
            strokeWidth={2}
            isAnimationActive={false}
          >
            {visible.length ? (
              visible.map((slice) => (
                <Cell key={slice.series.key} fill={seriesColor(slice.index, slice.series.other)} />
              ))
            ) : (
              <Cell fill="var(--muted)" />
            )}
          </Pie>
          {visible.length > 0 && (
            <Tooltip
              content={(props) => (
                <ShareTooltip {...(props as TooltipContentProps<number, string>)} format={format} total={total} />
              )}
            />
          )}
        </PieChart>
      </ResponsiveContainer>
      <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-lg font-semibold tabular-nums">{centerValue}</span>
        <span className="text-xs text-muted-foreground">{centerLabel}</span>
      </div>
    </div>
  )
}
