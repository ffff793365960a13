import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

interface DataTableToolbarProps {
  /** Filters and search fields, left; they wrap on narrow screens. */
  children?: ReactNode
  /** Buttons aligned right (batch actions, column menu, add). */
  actions?: ReactNode
  className?: string
}

/** The bar above a table: filters on the left, actions on the right. */
export function DataTableToolbar({ children, actions, className }: DataTableToolbarProps) {
  return (
    <div
      data-slot="data-table-toolbar"
      className={cn('flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between', className)}
    >
      <div className="flex w-full min-w-0 flex-wrap items-end gap-2 sm:w-auto sm:flex-1">{children}</div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  )
}
