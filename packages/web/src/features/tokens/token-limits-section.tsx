import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Field, FormSection } from '@/components/ui/form-section'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { Textarea } from '@/components/ui/textarea'
import { userModelsQuery } from './queries'
import type { TokenFormValues } from './token-form'
import { ModelMultiSelect } from './token-model-multi-select'

interface SectionProps {
  values: TokenFormValues
  onChange: (patch: Partial<TokenFormValues>) => void
}

/** Model limits (switch plus checklist from GET /api/user/models) and the IP allow list. */
export function TokenLimitsSection({ values, onChange }: SectionProps) {
  const { t } = useTranslation('tokens')
  const models = useQuery(userModelsQuery)
  return (
    <FormSection title={t('editor.sections.limits')}>
      <div className="grid gap-3">
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor="token-model-limits">{t('editor.modelLimitsEnabled')}</Label>
            <p className="text-xs text-muted-foreground">{t('editor.modelLimitsHint')}</p>
          </div>
          <Switch
            id="token-model-limits"
            checked={values.modelLimitsEnabled}
            onCheckedChange={(modelLimitsEnabled) => onChange({ modelLimitsEnabled })}
          />
        </div>
        {values.modelLimitsEnabled && (
          <ModelMultiSelect
            options={models.data ?? []}
            loading={models.isPending}
            value={values.modelLimits}
            onChange={(modelLimits) => onChange({ modelLimits })}
          />
        )}
      </div>
      <Field label={t('editor.allowIps')} htmlFor="token-allow-ips" hint={t('editor.allowIpsHint')}>
        <Textarea
          id="token-allow-ips"
          rows={3}
          className="font-mono text-[13px]"
          value={values.allowIps}
          placeholder={t('editor.allowIpsPlaceholder')}
          onChange={(event) => onChange({ allowIps: event.target.value })}
        />
      </Field>
    </FormSection>
  )
}
