/** Column options the table reads from `columnDef.meta`. */
export interface DataTableColumnMeta {
  /** Name in the column settings and on mobile cards when the header is not a plain string. */
  label?: string
  /** Keeps the column in view at the right edge while the table scrolls sideways (row actions). */
  sticky?: 'right'
  /**
   * Where the cell goes on a mobile card: `header` (the card's top line, e.g. a checkbox or an
   * expand button), `footer` (the row's actions), `hidden`, or by default a "label: value" line.
   */
  card?: 'header' | 'footer' | 'hidden'
}

interface ColumnLike {
  id: string
  columnDef: { header?: unknown; meta?: unknown }
}

export function columnMeta(column: ColumnLike): DataTableColumnMeta {
  return (column.columnDef.meta as DataTableColumnMeta | undefined) ?? {}
}

/** Column name for settings and cards: `meta.label` when set, else a string header, else the id. */
export function columnLabel(column: ColumnLike): string {
  const { label } = columnMeta(column)
  if (label) return label
  return typeof column.columnDef.header === 'string' && column.columnDef.header ? column.columnDef.header : column.id
}

/** The card slot of a column: the selection checkbox heads the card, row actions close it. */
export function cardSlot(column: ColumnLike): NonNullable<DataTableColumnMeta['card']> | 'field' {
  const meta = columnMeta(column)
  if (meta.card) return meta.card
  if (column.id === 'select') return 'header'
  if (column.id === 'actions' || meta.sticky === 'right') return 'footer'
  return 'field'
}
