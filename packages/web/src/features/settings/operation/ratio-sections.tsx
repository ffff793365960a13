import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table/confirm-dialog'
import { Button } from '@/components/ui/button'
import { optionsQueryKey, resetModelRatios } from '../api'
import { JsonOption, SwitchOption } from '../form/option-fields'
import { OptionSection, wide } from '../form/option-section'
import { useOptionForm } from '../form/use-option-form'

const groupKeys = ['GroupRatio', 'UserUsableGroups', 'GroupGroupRatio'] as const

export function GroupRatioSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: groupKeys, json: groupKeys })
  return (
    <OptionSection id="group-ratio" title={t('operation.groups.title')} form={form}>
      <JsonOption
        form={form}
        name="GroupRatio"
        label={t('operation.groups.groupRatio')}
        hint={t('operation.groups.groupRatioHint')}
      />
      <JsonOption
        form={form}
        name="UserUsableGroups"
        label={t('operation.groups.usable')}
        hint={t('operation.groups.usableHint')}
      />
      <JsonOption
        form={form}
        name="GroupGroupRatio"
        label={t('operation.groups.groupGroup')}
        hint={t('operation.groups.groupGroupHint')}
        className={wide}
      />
    </OptionSection>
  )
}

const ratioKeys = ['ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio'] as const

/** The raw JSON maps behind the pricing table, with the reset to the built-in model ratios. */
export function ModelRatioSection() {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const form = useOptionForm({ keys: ratioKeys, json: ratioKeys })
  const [confirming, setConfirming] = useState(false)
  const reset = useMutation({
    mutationFn: resetModelRatios,
    onSuccess: async () => {
      setConfirming(false)
      await queryClient.invalidateQueries({ queryKey: optionsQueryKey })
      toast.success(t('operation.ratios.resetDone'))
    },
    onError: () => setConfirming(false),
  })
  return (
    <OptionSection
      id="model-ratio"
      title={t('operation.ratios.title')}
      description={t('operation.ratios.description')}
      form={form}
      actions={
        <Button variant="outline" data-testid="reset-model-ratio" onClick={() => setConfirming(true)}>
          <RotateCcw />
          {t('operation.ratios.reset')}
        </Button>
      }
    >
      {ratioKeys.map((name) => (
        <JsonOption
          key={name}
          form={form}
          name={name}
          rows={10}
          label={t(`operation.ratios.${name}`)}
          hint={t(`operation.ratios.${name}Hint`)}
        />
      ))}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('operation.ratios.resetTitle')}
        description={t('operation.ratios.resetBody')}
        destructive
        pending={reset.isPending}
        onConfirm={() => reset.mutate()}
      />
    </OptionSection>
  )
}

const chatKeys = ['Chats'] as const

export function ChatsSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: chatKeys, json: chatKeys })
  return (
    <OptionSection id="chats" title={t('operation.chats.title')} form={form} single>
      <JsonOption
        form={form}
        name="Chats"
        srLabel
        rows={8}
        label={t('operation.chats.label')}
        hint={t('operation.chats.hint')}
      />
    </OptionSection>
  )
}

const autoGroupKeys = ['AutoGroups', 'DefaultUseAutoGroup'] as const

/** The models tab: which groups the 'auto' group tries, in order, and whether new tokens use it. */
export function AutoGroupSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: autoGroupKeys, json: ['AutoGroups'] })
  return (
    <OptionSection
      id="auto-group"
      title={t('models.autoGroups.title')}
      description={t('models.autoGroups.description')}
      form={form}
      single
    >
      <JsonOption
        form={form}
        name="AutoGroups"
        rows={4}
        label={t('models.autoGroups.label')}
        hint={t('models.autoGroups.hint')}
      />
      <SwitchOption form={form} name="DefaultUseAutoGroup" label={t('models.autoGroups.defaultUse')} />
    </OptionSection>
  )
}
