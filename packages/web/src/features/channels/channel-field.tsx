import type { ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { cn } from '@/lib/utils'

interface FieldProps {
  id?: string
  label: ReactNode
  hint?: ReactNode
  /** Already translated inline message. */
  error?: string | null
  /** Right of the label (small buttons). */
  extra?: ReactNode
  className?: string
  children: ReactNode
}

/** Label above, control, hint or inline error below: the editor drawers' field layout. */
export function Field({ id, label, hint, error, extra, className, children }: FieldProps) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <div className="flex min-h-5 flex-wrap items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {extra}
      </div>
      {children}
      {error ? (
        <p role="alert" className="text-[13px] text-destructive">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  )
}

/** A titled group of fields inside a drawer. */
export function FormSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} className="grid gap-4 rounded-lg border bg-card/50 p-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  )
}

/** A labelled on/off setting with its explanation; `id` is also the test id. */
export function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  id: string
  label: string
  hint: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
      {/* Labels name fields such as stream_options.include_obfuscation: one word wider than a phone's
          drawer leaves, which would widen the whole form past the screen's edge unless it may break. */}
      <div className="grid min-w-0 gap-0.5 [overflow-wrap:anywhere]">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
      <Switch id={id} data-testid={id} checked={checked} onCheckedChange={onChange} disabled={disabled} />
    </div>
  )
}
