import { formatQuota, type QuotaDisplay } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { formatLocalDateTime } from '@/lib/date-time'

/**
 * A column of the console's tables: `label` is its header and its name in the column menu and on
 * mobile cards; `cell` renders a row's value. `extra` adds what a column needs besides (a size, not
 * hideable).
 */
export function valueColumn<TData>(
  id: string,
  label: string,
  cell: (row: TData) => ReactNode,
  extra: Omit<ColumnDef<TData, unknown>, 'id' | 'header' | 'meta' | 'cell'> = {}
): ColumnDef<TData, unknown> {
  return { id, header: label, meta: { label }, cell: ({ row }) => cell(row.original), ...extra }
}

/** Secondary text in a cell: an empty value, "never", "not yet". */
export const mutedText = (text: ReactNode) => <span className="text-muted-foreground">{text}</span>

/** Figures line up in a column. */
export const numberText = (value: ReactNode, className = '') => (
  <span className={className ? `tabular-nums ${className}` : 'tabular-nums'}>{value}</span>
)

export const quotaText = (quota: number, display: QuotaDisplay) => numberText(formatQuota(quota, display))

/** A time in seconds, in the viewer's zone and language. */
export const timeText = (seconds: number, language: string) => numberText(formatLocalDateTime(seconds, language))
