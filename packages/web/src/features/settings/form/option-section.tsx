import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'
import type { OptionForm } from './use-option-form'

interface OptionSectionProps {
  id: string
  title: string
  description?: ReactNode
  /** With a form, the section ends with its own save button. */
  form?: OptionForm
  saveLabel?: string
  /** Extra buttons next to save. */
  actions?: ReactNode
  children: ReactNode
  /** Grid of the fields: two columns from sm up unless `single`. */
  single?: boolean
}

/** One settings group: a card with its fields and its own save button. */
export function OptionSection({
  id,
  title,
  description,
  form,
  saveLabel,
  actions,
  children,
  single,
}: OptionSectionProps) {
  const { t } = useTranslation('settings')
  return (
    <Card data-testid={`section-${id}`} className="gap-4 py-5">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        {form?.loading ? (
          <div className="grid gap-3">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-2/3" />
          </div>
        ) : form?.loadError ? (
          <Alert variant="destructive">
            <AlertDescription>{form.loadError.message}</AlertDescription>
          </Alert>
        ) : (
          <div className={cn('grid gap-4', !single && 'sm:grid-cols-2')}>{children}</div>
        )}
        {(form || actions) && (
          <div className="flex flex-wrap gap-2">
            {form && (
              <Button data-testid={`save-${id}`} disabled={form.saving || form.loading} onClick={form.save}>
                {form.saving && <Spinner />}
                {saveLabel ?? t('form.save')}
              </Button>
            )}
            {actions}
          </div>
        )}
      </CardContent>
    </Card>
  )
}

/** Spans both columns of a section grid. */
export const wide = 'sm:col-span-2'
