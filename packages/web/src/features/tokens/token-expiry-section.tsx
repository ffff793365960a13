import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Field, FormSection } from '@/components/ui/form-section'
import { Input } from '@/components/ui/input'
import { formatDateTimeInput } from '@/lib/date-time'
import { EXPIRY_PICKS, type TokenFormErrors, type TokenFormValues } from './token-form'

interface SectionProps {
  values: TokenFormValues
  errors: TokenFormErrors
  onChange: (patch: Partial<TokenFormValues>) => void
}

/** The expiry as `yyyy-MM-dd HH:mm:ss` text (blank = never) with quick picks from now. */
export function TokenExpirySection({ values, errors, onChange }: SectionProps) {
  const { t } = useTranslation('tokens')
  return (
    <FormSection title={t('editor.sections.expiry')}>
      <Field
        label={t('editor.expires')}
        htmlFor="token-expires"
        error={errors.expires && t(errors.expires as 'validation.expiresInvalid')}
        hint={t('editor.expiresHint')}
        after={
          <div className="flex flex-wrap gap-1.5">
            {EXPIRY_PICKS.map((pick) => (
              <Button
                key={pick.key}
                size="sm"
                variant={pick.seconds === null && values.expires === '' ? 'secondary' : 'outline'}
                onClick={() =>
                  onChange({
                    expires:
                      pick.seconds === null ? '' : formatDateTimeInput(Math.floor(Date.now() / 1000) + pick.seconds),
                  })
                }
              >
                {t(`editor.picks.${pick.key}`)}
              </Button>
            ))}
          </div>
        }
      >
        <Input
          id="token-expires"
          className="font-mono"
          value={values.expires}
          placeholder={t('editor.expiresPlaceholder')}
          aria-invalid={errors.expires ? true : undefined}
          onChange={(event) => onChange({ expires: event.target.value })}
        />
      </Field>
    </FormSection>
  )
}
