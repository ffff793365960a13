import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Switch } from '@/components/ui/switch'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'
import type { OptionForm } from './use-option-form'

interface FieldBaseProps {
  form: OptionForm
  name: string
  label: ReactNode
  hint?: ReactNode
  className?: string
  /** For a section whose title already names its one field: the label is kept for screen readers. */
  srLabel?: boolean
}

const fieldId = (name: string) => `option-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`

/** Label, control, then the field's error (red) or hint (muted). */
function FieldFrame({
  form,
  name,
  label,
  hint,
  className,
  srLabel,
  children,
}: FieldBaseProps & { children: ReactNode }) {
  const id = fieldId(name)
  const error = form.errors[name]
  return (
    <div className={cn('grid min-w-0 content-start gap-2', className)}>
      <Label htmlFor={id} className={srLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-[13px] text-destructive">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs break-words text-muted-foreground">{hint}</p>
      )}
    </div>
  )
}

const controlProps = (form: OptionForm, name: string) => ({
  id: fieldId(name),
  'data-testid': fieldId(name),
  'aria-invalid': form.errors[name] ? true : undefined,
  'aria-describedby': form.errors[name] ? `${fieldId(name)}-error` : undefined,
  onBlur: () => form.blur(name),
})

export function TextOption({
  placeholder,
  type = 'text',
  ...props
}: FieldBaseProps & { placeholder?: string; type?: 'text' | 'url' }) {
  const { form, name } = props
  return (
    <FieldFrame {...props}>
      <Input
        {...controlProps(form, name)}
        type={type}
        value={form.values[name] ?? ''}
        placeholder={placeholder}
        onChange={(event) => form.set(name, event.target.value)}
      />
    </FieldFrame>
  )
}

export function NumberOption({ step, ...props }: FieldBaseProps & { step?: number | 'any' }) {
  const { form, name } = props
  return (
    <FieldFrame {...props}>
      <Input
        {...controlProps(form, name)}
        type="number"
        inputMode="decimal"
        step={step ?? 'any'}
        value={form.values[name] ?? ''}
        onChange={(event) => form.set(name, event.target.value)}
      />
    </FieldFrame>
  )
}

/** Write-only: never shows the stored value, only whether one is set; saved when typed. */
export function SecretOption(props: FieldBaseProps) {
  const { t } = useTranslation('settings')
  const { form, name } = props
  const isSet = form.secretIsSet(name)
  const state = isSet === undefined ? null : isSet ? t('form.secretSet') : t('form.secretNotSet')
  return (
    <FieldFrame {...props} hint={props.hint ?? (state && <span data-testid={`${fieldId(name)}-state`}>{state}</span>)}>
      <Input
        {...controlProps(form, name)}
        type="password"
        autoComplete="new-password"
        value={form.values[name] ?? ''}
        placeholder={isSet ? t('form.secretKeep') : undefined}
        onChange={(event) => form.set(name, event.target.value)}
      />
    </FieldFrame>
  )
}

export function TextareaOption({
  rows = 4,
  placeholder,
  mono,
  ...props
}: FieldBaseProps & { rows?: number; placeholder?: string; mono?: boolean }) {
  const { form, name } = props
  return (
    <FieldFrame {...props}>
      <Textarea
        {...controlProps(form, name)}
        rows={rows}
        value={form.values[name] ?? ''}
        placeholder={placeholder}
        spellCheck={false}
        className={cn('resize-y', mono && 'font-mono text-xs leading-relaxed')}
        onChange={(event) => form.set(name, event.target.value)}
      />
    </FieldFrame>
  )
}

/** A JSON editor; the check runs on blur ('not a valid JSON string'). */
export function JsonOption({ rows = 8, ...props }: FieldBaseProps & { rows?: number }) {
  return <TextareaOption {...props} rows={rows} mono />
}

export function SelectOption({
  choices,
  ...props
}: FieldBaseProps & { choices: readonly { value: string; label: string }[] }) {
  const { form, name } = props
  return (
    <FieldFrame {...props}>
      <NativeSelect
        {...controlProps(form, name)}
        className="h-9"
        value={form.values[name] ?? ''}
        onChange={(event) => form.set(name, event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </FieldFrame>
  )
}

/** A boolean option edited in the form and saved with its group. */
export function SwitchOption({ form, name, label, hint, className }: FieldBaseProps) {
  const id = fieldId(name)
  return (
    <div className={cn('flex min-w-0 items-start justify-between gap-3 rounded-lg border px-3 py-2.5', className)}>
      <div className="grid min-w-0 gap-0.5">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        {hint && <p className="text-xs break-words text-muted-foreground">{hint}</p>}
      </div>
      <Switch
        id={id}
        data-testid={id}
        checked={form.values[name] === 'true'}
        onCheckedChange={(checked) => form.set(name, String(checked))}
      />
    </div>
  )
}
