import { useTranslation } from 'react-i18next'
import { NumberOption } from '../form/option-fields'
import { OptionSection } from '../form/option-section'
import { useOptionForm } from '../form/use-option-form'

const keys = ['ResponsesStoreRetentionHours'] as const

/** How long Responses API answers served over chat-only channels can be continued (previous_response_id). */
export function ResponsesStoreSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys, min: { ResponsesStoreRetentionHours: 0 } })
  return (
    <OptionSection
      id="responses-store"
      title={t('system.responsesStore.title')}
      description={t('system.responsesStore.description')}
      form={form}
      single
    >
      <NumberOption
        form={form}
        name="ResponsesStoreRetentionHours"
        step={1}
        label={t('system.responsesStore.retention')}
        hint={t('system.responsesStore.retentionHint')}
      />
    </OptionSection>
  )
}
