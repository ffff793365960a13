import { AUTO_GROUP } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Field, FormSection } from '@/components/ui/form-section'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Switch } from '@/components/ui/switch'
import { useStatus } from '@/lib/status'
import { userGroupsQuery } from './queries'
import { BATCH_QUANTITIES, type TokenFormErrors, type TokenFormValues } from './token-form'

interface SectionProps {
  values: TokenFormValues
  errors: TokenFormErrors
  onChange: (patch: Partial<TokenFormValues>) => void
  mode: 'create' | 'edit'
}

function GroupSelect({ value, onChange }: { value: string; onChange: (group: string) => void }) {
  const { t } = useTranslation('tokens')
  const status = useStatus()
  const groups = useQuery(userGroupsQuery)
  const names = Object.keys(groups.data ?? {})
  if (status.default_use_auto_group && !names.includes('auto')) names.unshift('auto')
  // Keep a stored group visible even when it is no longer offered.
  if (value && !names.includes(value)) names.push(value)
  return (
    <NativeSelect id="token-group" className="h-9" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('groupDefault')}</option>
      {names.map((name) => {
        const info = groups.data?.[name]
        const label = info ? t('editor.groupOption', { name, ratio: info.ratio }) : name
        return (
          <option key={name} value={name}>
            {info?.desc && info.desc !== name ? `${label} — ${info.desc}` : label}
          </option>
        )
      })}
    </NativeSelect>
  )
}

/** Name, group (with cross-group retry for the auto group) and (create only) how many tokens to make. */
export function TokenBasicSection({ values, errors, onChange, mode }: SectionProps) {
  const { t } = useTranslation(['tokens', 'common'])
  return (
    <FormSection title={t('editor.sections.basic')}>
      <Field
        label={t('editor.name')}
        htmlFor="token-name"
        error={errors.name && t(errors.name as 'validation.nameTooLong')}
      >
        <Input
          id="token-name"
          value={values.name}
          placeholder={t('editor.namePlaceholder')}
          aria-invalid={errors.name ? true : undefined}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      </Field>
      <Field label={t('editor.group')} htmlFor="token-group" hint={t('editor.groupHint')}>
        <GroupSelect value={values.group} onChange={(group) => onChange({ group })} />
      </Field>
      {values.group === AUTO_GROUP && (
        <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/30 p-3">
          <div className="grid gap-1">
            <Label htmlFor="token-cross-group-retry">{t('editor.crossGroupRetry')}</Label>
            <p className="text-xs text-muted-foreground">{t('editor.crossGroupRetryHint')}</p>
          </div>
          <Switch
            id="token-cross-group-retry"
            data-testid="token-cross-group-retry"
            checked={values.crossGroupRetry}
            onCheckedChange={(crossGroupRetry) => onChange({ crossGroupRetry })}
          />
        </div>
      )}
      {mode === 'create' && (
        <Field
          label={t('editor.count')}
          htmlFor="token-count"
          error={errors.count && t(errors.count as 'common:validation.countRange')}
          hint={t('editor.countHint')}
        >
          <div className="flex flex-wrap items-center gap-2">
            <Input
              id="token-count"
              className="w-24"
              inputMode="numeric"
              value={values.count}
              aria-invalid={errors.count ? true : undefined}
              onChange={(event) => onChange({ count: event.target.value })}
            />
            {BATCH_QUANTITIES.map((quantity) => (
              <Button
                key={quantity}
                size="sm"
                variant={values.count === String(quantity) ? 'secondary' : 'outline'}
                onClick={() => onChange({ count: String(quantity) })}
              >
                {quantity}
              </Button>
            ))}
          </div>
        </Field>
      )}
    </FormSection>
  )
}
