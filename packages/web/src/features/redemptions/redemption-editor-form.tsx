import { formatQuota, type Redemption } from '@gateway/shared'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Field, FormSection } from '@/components/ui/form-section'
import { Input } from '@/components/ui/input'
import { Separator } from '@/components/ui/separator'
import { Spinner } from '@/components/ui/spinner'
import { useQuotaDisplay } from '@/lib/quota-display'
import { useCreateRedemptionsMutation, useUpdateRedemptionMutation } from './queries'
import {
  defaultRedemptionForm,
  expiredTimeOf,
  redemptionToForm,
  validateRedemptionForm,
  type RedemptionFormErrors,
  type RedemptionFormValues,
} from './redemption-form'

interface RedemptionEditorFormProps {
  redemption?: Redemption
  onCancel: () => void
  /** Create mode: the new keys and the name given. */
  onCreated: (keys: string[], name: string) => void
  onUpdated: () => void
}

export function RedemptionEditorForm({ redemption, onCancel, onCreated, onUpdated }: RedemptionEditorFormProps) {
  const { t } = useTranslation('redemptions')
  const mode = redemption ? 'edit' : 'create'
  const [values, setValues] = useState<RedemptionFormValues>(() =>
    redemption ? redemptionToForm(redemption) : defaultRedemptionForm()
  )
  const [errors, setErrors] = useState<RedemptionFormErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const create = useCreateRedemptionsMutation()
  const update = useUpdateRedemptionMutation()
  const pending = create.isPending || update.isPending
  const quota = Number(values.quota)

  const onChange = (patch: Partial<RedemptionFormValues>) => {
    const next = { ...values, ...patch }
    setValues(next)
    if (submitted) setErrors(validateRedemptionForm(next, mode))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const found = validateRedemptionForm(values, mode)
    setErrors(found)
    if (Object.keys(found).length > 0 || pending) return
    const name = values.name.trim()
    const expired_time = expiredTimeOf(values) ?? 0
    if (redemption) {
      update.mutate(
        { id: redemption.id, name, quota, expired_time },
        {
          onSuccess: () => {
            toast.success(t('toast.updated'))
            onUpdated()
          },
        }
      )
      return
    }
    create.mutate(
      { name, quota, count: Number(values.count), expired_time },
      {
        onSuccess: (keys) => {
          toast.success(t('toast.created', { count: keys.length }))
          onCreated(keys, name)
        },
      }
    )
  }

  const message = (field: keyof RedemptionFormValues) => errors[field] && t(errors[field] as 'validation.nameLength')
  const display = useQuotaDisplay()

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col" data-testid="redemption-editor-form">
      <div className="flex-1 space-y-6 overflow-y-auto px-4 py-4 sm:px-6">
        <FormSection title={t('editor.sections.basic')}>
          <Field label={t('editor.name')} htmlFor="redemption-name" error={message('name')} hint={t('editor.nameHint')}>
            <Input
              id="redemption-name"
              value={values.name}
              placeholder={t('editor.namePlaceholder')}
              aria-invalid={errors.name ? true : undefined}
              onChange={(event) => onChange({ name: event.target.value })}
            />
          </Field>
        </FormSection>
        <Separator />
        <FormSection title={t('editor.sections.quota')}>
          <Field
            label={t('editor.quota')}
            htmlFor="redemption-quota"
            error={message('quota')}
            hint={
              Number.isFinite(quota) && quota > 0
                ? t('editor.quotaHint', { amount: formatQuota(quota, display) })
                : undefined
            }
          >
            <Input
              id="redemption-quota"
              inputMode="numeric"
              value={values.quota}
              aria-invalid={errors.quota ? true : undefined}
              onChange={(event) => onChange({ quota: event.target.value })}
            />
          </Field>
          {mode === 'create' && (
            <Field
              label={t('editor.count')}
              htmlFor="redemption-count"
              error={message('count')}
              hint={t('editor.countHint')}
            >
              <Input
                id="redemption-count"
                inputMode="numeric"
                className="w-32"
                value={values.count}
                aria-invalid={errors.count ? true : undefined}
                onChange={(event) => onChange({ count: event.target.value })}
              />
            </Field>
          )}
          <Field
            label={t('editor.expiredTime')}
            htmlFor="redemption-expired-time"
            error={message('expiredTime')}
            hint={t('editor.expiredTimeHint')}
          >
            <Input
              id="redemption-expired-time"
              className="w-56"
              value={values.expiredTime}
              placeholder={t('editor.expiredTimePlaceholder')}
              aria-invalid={errors.expiredTime ? true : undefined}
              onChange={(event) => onChange({ expiredTime: event.target.value })}
            />
          </Field>
        </FormSection>
      </div>
      <div className="sticky bottom-0 flex justify-end gap-2 border-t bg-background px-4 py-3 sm:px-6">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('editor.cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="redemption-editor-submit">
          {pending && <Spinner />}
          {mode === 'edit' ? t('editor.save') : t('editor.create')}
        </Button>
      </div>
    </form>
  )
}
