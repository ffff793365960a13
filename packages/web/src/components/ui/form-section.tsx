import type { ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/** A titled block of a drawer form. */
export function FormSection({
  title,
  children,
  className,
}: {
  title: string
  children: ReactNode
  className?: string
}) {
  return (
    <section className={cn('grid gap-4', className)}>
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  )
}

interface FieldProps {
  label: ReactNode
  htmlFor?: string
  /** Already translated; shown in red under the control. */
  error?: string
  hint?: ReactNode
  children: ReactNode
  /** Drawn under the message, e.g. quick-pick buttons. */
  after?: ReactNode
  className?: string
}

/** Label above, control, then the inline error or a hint. */
export function Field({ label, htmlFor, error, hint, children, after, className }: FieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? (
        <p id={htmlFor ? `${htmlFor}-error` : undefined} className="text-[13px] text-destructive" role="alert">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
      {after}
    </div>
  )
}
