import type { ComponentProps, ReactNode } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

interface FormFieldProps extends ComponentProps<'input'> {
  id: string
  label: string
  /** Already translated message shown under the input. */
  error?: string | null
  /** Extra element right of the input (e.g. a send-code button). */
  addon?: ReactNode
}

/** Label above, input, inline message below: the one field layout of every console form. */
export function FormField({ id, label, error, addon, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {/* With an addon (a send-code button) the pair stacks on phones, so the input keeps its width. */}
      <div className={addon ? 'flex flex-col gap-2 sm:flex-row' : 'flex gap-2'}>
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        {addon}
      </div>
      {error && (
        <p id={errorId} className="text-[13px] text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
