import { useTranslation } from 'react-i18next'
import { SecretOption, SelectOption } from '../form/option-fields'
import { OptionSection } from '../form/option-section'
import { useOptionForm } from '../form/use-option-form'

const keys = ['MetricsAccess', 'MetricsToken'] as const
const secrets = ['MetricsToken'] as const

/** Who may read the Prometheus metrics at /metrics: nobody (404), a scraper with the bearer secret, or anyone. */
export function MetricsSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys, secrets })
  return (
    <OptionSection
      id="metrics"
      title={t('system.metrics.title')}
      description={t('system.metrics.description')}
      form={form}
    >
      <SelectOption
        form={form}
        name="MetricsAccess"
        label={t('system.metrics.access')}
        hint={t('system.metrics.accessHint')}
        choices={(['off', 'token', 'public'] as const).map((value) => ({
          value,
          label: t(`system.metrics.${value}Access`),
        }))}
      />
      <SecretOption form={form} name="MetricsToken" label={t('system.metrics.token')} />
    </OptionSection>
  )
}
