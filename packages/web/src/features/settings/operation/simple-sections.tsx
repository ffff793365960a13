import { useTranslation } from 'react-i18next'
import { NumberOption, SelectOption, SwitchOption, TextareaOption, TextOption } from '../form/option-fields'
import { OptionSection, wide } from '../form/option-section'
import { useOptionForm } from '../form/use-option-form'

const generalKeys = [
  'TopUpLink',
  'ChatLink',
  'ChatLink2',
  'general_setting.docs_link',
  'QuotaPerUnit',
  'USDExchangeRate',
  'RetryTimes',
  'DisplayInCurrencyEnabled',
  'DisplayTokenStatEnabled',
  'DefaultCollapseSidebar',
  'DemoSiteEnabled',
  'SelfUseModeEnabled',
] as const
const generalMin = { QuotaPerUnit: 0, USDExchangeRate: 0, RetryTimes: 0 }

/** Links, quota unit, retries and display switches. */
export function GeneralSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: generalKeys, min: generalMin })
  return (
    <OptionSection id="general" title={t('operation.general.title')} form={form}>
      <TextOption
        form={form}
        name="TopUpLink"
        type="url"
        label={t('operation.general.topUpLink')}
        hint={t('operation.general.topUpLinkHint')}
      />
      <TextOption form={form} name="general_setting.docs_link" type="url" label={t('operation.general.docsLink')} />
      <TextOption form={form} name="ChatLink" type="url" label={t('operation.general.chatLink')} />
      <TextOption form={form} name="ChatLink2" type="url" label={t('operation.general.chatLink2')} />
      <NumberOption
        form={form}
        name="QuotaPerUnit"
        label={t('operation.general.quotaPerUnit')}
        hint={t('operation.general.quotaPerUnitHint')}
      />
      <NumberOption form={form} name="USDExchangeRate" label={t('operation.general.exchangeRate')} />
      <NumberOption
        form={form}
        name="RetryTimes"
        step={1}
        label={t('operation.general.retryTimes')}
        hint={t('operation.general.retryTimesHint')}
      />
      <div className={`grid gap-3 sm:grid-cols-2 ${wide}`}>
        <SwitchOption form={form} name="DisplayInCurrencyEnabled" label={t('operation.general.displayInCurrency')} />
        <SwitchOption form={form} name="DisplayTokenStatEnabled" label={t('operation.general.displayTokenStat')} />
        <SwitchOption form={form} name="DefaultCollapseSidebar" label={t('operation.general.collapseSidebar')} />
        <SwitchOption form={form} name="DemoSiteEnabled" label={t('operation.general.demoSite')} />
        <SwitchOption
          form={form}
          name="SelfUseModeEnabled"
          label={t('operation.general.selfUse')}
          hint={t('operation.general.selfUseHint')}
        />
      </div>
    </OptionSection>
  )
}

const drawingKeys = [
  'DrawingEnabled',
  'TaskEnabled',
  'MjNotifyEnabled',
  'MjAccountFilterEnabled',
  'MjForwardUrlEnabled',
  'MjModeClearEnabled',
  'MjActionCheckSuccessEnabled',
] as const

export function DrawingSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: drawingKeys })
  return (
    <OptionSection id="drawing" title={t('operation.drawing.title')} form={form}>
      {drawingKeys.map((name) => (
        <SwitchOption key={name} form={form} name={name} label={t(`operation.drawing.${name}`)} />
      ))}
    </OptionSection>
  )
}

const sensitiveKeys = [
  'CheckSensitiveEnabled',
  'CheckSensitiveOnPromptEnabled',
  'StopOnSensitiveEnabled',
  'SensitiveWords',
] as const

export function SensitiveSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: sensitiveKeys })
  return (
    <OptionSection id="sensitive" title={t('operation.sensitive.title')} form={form}>
      <SwitchOption form={form} name="CheckSensitiveEnabled" label={t('operation.sensitive.enabled')} />
      <SwitchOption form={form} name="CheckSensitiveOnPromptEnabled" label={t('operation.sensitive.onPrompt')} />
      <SwitchOption form={form} name="StopOnSensitiveEnabled" label={t('operation.sensitive.stop')} />
      <TextareaOption
        form={form}
        name="SensitiveWords"
        rows={5}
        label={t('operation.sensitive.words')}
        hint={t('operation.sensitive.wordsHint')}
        className={wide}
      />
    </OptionSection>
  )
}

const dashboardKeys = ['DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime'] as const

export function DashboardSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: dashboardKeys, min: { DataExportInterval: 1 } })
  return (
    <OptionSection id="dashboard" title={t('operation.dashboard.title')} form={form}>
      <SwitchOption form={form} name="DataExportEnabled" label={t('operation.dashboard.enabled')} className={wide} />
      <NumberOption
        form={form}
        name="DataExportInterval"
        step={1}
        label={t('operation.dashboard.interval')}
        hint={t('operation.dashboard.intervalHint')}
      />
      <SelectOption
        form={form}
        name="DataExportDefaultTime"
        label={t('operation.dashboard.defaultTime')}
        choices={(['hour', 'day', 'week'] as const).map((value) => ({
          value,
          label: t(`operation.dashboard.${value}`),
        }))}
      />
    </OptionSection>
  )
}

const monitoringKeys = [
  'ChannelDisableThreshold',
  'QuotaRemindThreshold',
  'AutomaticDisableChannelEnabled',
  'AutomaticEnableChannelEnabled',
  'AutomaticDisableKeywords',
] as const
const monitoringMin = { ChannelDisableThreshold: 0, QuotaRemindThreshold: 0 }

export function MonitoringSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: monitoringKeys, min: monitoringMin })
  return (
    <OptionSection id="monitoring" title={t('operation.monitoring.title')} form={form}>
      <NumberOption
        form={form}
        name="ChannelDisableThreshold"
        label={t('operation.monitoring.disableThreshold')}
        hint={t('operation.monitoring.disableThresholdHint')}
      />
      <NumberOption
        form={form}
        name="QuotaRemindThreshold"
        step={1}
        label={t('operation.monitoring.remindThreshold')}
        hint={t('operation.monitoring.remindThresholdHint')}
      />
      <SwitchOption form={form} name="AutomaticDisableChannelEnabled" label={t('operation.monitoring.autoDisable')} />
      <SwitchOption form={form} name="AutomaticEnableChannelEnabled" label={t('operation.monitoring.autoEnable')} />
      <TextareaOption
        form={form}
        name="AutomaticDisableKeywords"
        rows={6}
        label={t('operation.monitoring.keywords')}
        hint={t('operation.monitoring.keywordsHint')}
        className={wide}
      />
    </OptionSection>
  )
}

const quotaKeys = [
  'QuotaForNewUser',
  'PreConsumedQuota',
  'ReserveOutputTokens',
  'QuotaForInviter',
  'QuotaForInvitee',
] as const
const quotaMin = {
  QuotaForNewUser: 0,
  PreConsumedQuota: 0,
  ReserveOutputTokens: 1,
  QuotaForInviter: 0,
  QuotaForInvitee: 0,
}

export function QuotaSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: quotaKeys, min: quotaMin })
  return (
    <OptionSection id="quota" title={t('operation.quota.title')} form={form}>
      {quotaKeys.map((name) => (
        <NumberOption key={name} form={form} name={name} step={1} label={t(`operation.quota.${name}`)} />
      ))}
    </OptionSection>
  )
}

const rateLimitKeys = [
  'ModelRequestRateLimitEnabled',
  'ModelRequestRateLimitDurationMinutes',
  'ModelRequestRateLimitCount',
  'ModelRequestRateLimitSuccessCount',
] as const
const rateLimitMin = {
  ModelRequestRateLimitDurationMinutes: 1,
  ModelRequestRateLimitCount: 0,
  ModelRequestRateLimitSuccessCount: 1,
}

/** The rate-limit tab: per-user model request limits of the relay. */
export function RateLimitSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: rateLimitKeys, min: rateLimitMin })
  return (
    <OptionSection id="ratelimit" title={t('ratelimit.title')} description={t('ratelimit.description')} form={form}>
      <SwitchOption form={form} name="ModelRequestRateLimitEnabled" label={t('ratelimit.enabled')} className={wide} />
      <NumberOption form={form} name="ModelRequestRateLimitDurationMinutes" step={1} label={t('ratelimit.duration')} />
      <NumberOption
        form={form}
        name="ModelRequestRateLimitCount"
        step={1}
        label={t('ratelimit.count')}
        hint={t('ratelimit.countHint')}
      />
      <NumberOption form={form} name="ModelRequestRateLimitSuccessCount" step={1} label={t('ratelimit.successCount')} />
    </OptionSection>
  )
}
