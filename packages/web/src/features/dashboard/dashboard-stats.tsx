import type { LucideIcon } from 'lucide-react'
import { Skeleton } from '@/components/ui/skeleton'

interface StatCardProps {
  label: string
  value: string
  /** the exact figure, in the title and for tests */
  exact?: string
  hint?: string
  icon: LucideIcon
  tone: string
  testId: string
  loading?: boolean
}

/** One headline figure of the dashboard. The figure wraps rather than ending in an ellipsis: "$0.000…" says nothing on a phone. */
export function StatCard({ label, value, exact, hint, icon: Icon, tone, testId, loading }: StatCardProps) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-xl border bg-card p-3 shadow-xs sm:p-4" title={hint}>
      <div
        className="flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-10"
        style={{ background: `color-mix(in oklch, ${tone} 14%, transparent)`, color: tone }}
      >
        <Icon className="size-4 sm:size-5" />
      </div>
      <div className="min-w-0">
        <div className="truncate text-xs text-muted-foreground">{label}</div>
        {loading ? (
          <Skeleton className="mt-1 h-6 w-16" />
        ) : (
          <div
            className="text-base leading-tight font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-xl"
            data-testid={testId}
            data-value={exact}
            title={exact}
          >
            {value}
          </div>
        )}
      </div>
    </div>
  )
}
