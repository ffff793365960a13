import { formatQuota } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Field, FormSection } from '@/components/ui/form-section'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { useQuotaDisplay } from '@/lib/quota-display'
import { useStatus } from '@/lib/status'
import { QUOTA_PRESETS_USD, type TokenFormErrors, type TokenFormValues } from './token-form'

interface SectionProps {
  values: TokenFormValues
  errors: TokenFormErrors
  onChange: (patch: Partial<TokenFormValues>) => void
}

/** Remaining quota (raw units) with USD presets, and the unlimited switch. */
export function TokenQuotaSection({ values, errors, onChange }: SectionProps) {
  const { t } = useTranslation(['tokens', 'common'])
  const status = useStatus()
  const display = useQuotaDisplay()
  const quota = Number(values.remainQuota)
  const presets = QUOTA_PRESETS_USD.map((usd) => Math.round(usd * status.quota_per_unit))

  return (
    <FormSection title={t('editor.sections.quota')}>
      <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/30 p-3">
        <div className="grid gap-1">
          <Label htmlFor="token-unlimited">{t('editor.unlimited')}</Label>
          <p className="text-xs text-muted-foreground">{t('editor.unlimitedHint')}</p>
        </div>
        <Switch
          id="token-unlimited"
          checked={values.unlimitedQuota}
          onCheckedChange={(unlimitedQuota) => onChange({ unlimitedQuota })}
        />
      </div>
      {!values.unlimitedQuota && (
        <Field
          label={t('editor.remainQuota')}
          htmlFor="token-quota"
          error={errors.remainQuota && t(errors.remainQuota as 'common:validation.quotaRequired')}
          hint={
            Number.isFinite(quota) && values.remainQuota.trim() !== ''
              ? t('editor.quotaHint', { amount: formatQuota(quota, display) })
              : undefined
          }
          after={
            <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('editor.quotaPresets')}>
              {presets.map((preset) => (
                <Button
                  key={preset}
                  size="sm"
                  variant={quota === preset ? 'secondary' : 'outline'}
                  onClick={() => onChange({ remainQuota: String(preset) })}
                >
                  {status.display_in_currency ? formatQuota(preset, display) : String(preset)}
                </Button>
              ))}
            </div>
          }
        >
          <Input
            id="token-quota"
            inputMode="numeric"
            value={values.remainQuota}
            aria-invalid={errors.remainQuota ? true : undefined}
            onChange={(event) => onChange({ remainQuota: event.target.value })}
          />
        </Field>
      )}
    </FormSection>
  )
}
