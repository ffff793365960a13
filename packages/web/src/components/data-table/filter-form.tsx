import { RotateCcw, Search } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

interface FilterFieldProps extends Omit<ComponentProps<typeof Input>, 'id'> {
  /** the input's id and test id */
  id: string
  label: string
}

/**
 * One labelled input of a list page's filter form. Date-time inputs take a whole row on phones,
 * where two of them side by side would be too narrow to read.
 */
export function FilterField({ id, label, type, className, ...input }: FilterFieldProps) {
  return (
    <div
      className={cn('flex min-w-0 flex-col gap-1', type === 'datetime-local' && 'col-span-2 sm:col-span-1', className)}
    >
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input id={id} type={type} className="h-8" data-testid={id} {...input} />
    </div>
  )
}

/** Query and reset, the two buttons every filter form ends with (and whatever goes beside them). */
export function FilterButtons({
  submitTestId,
  onReset,
  className,
  children,
}: {
  submitTestId: string
  onReset: () => void
  className?: string
  children?: ReactNode
}) {
  const { t } = useTranslation('common')
  return (
    <div className={cn('flex flex-wrap items-end gap-2', className)}>
      <Button type="submit" size="sm" data-testid={submitTestId}>
        <Search />
        {t('filters.query')}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onReset}>
        <RotateCcw />
        {t('filters.reset')}
      </Button>
      {children}
    </div>
  )
}
