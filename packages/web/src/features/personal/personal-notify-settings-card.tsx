import { formatQuota, type NotifySettingRequest, type QuotaDisplay, type SelfUser } from '@gateway/shared'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Field } from '@/components/ui/form-section'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'
import { parseUserSetting, saveNotifySetting } from './api'
import { checkNotifyForm, DEFAULT_THRESHOLD, THRESHOLD_PRESETS, type NotifyFormValues } from './personal-validation'
import { useRefreshSelf } from './queries'

interface FormState extends NotifyFormValues {
  webhookSecret: string
  removeSecret: boolean
}

function initialState(user: SelfUser): FormState {
  const setting = parseUserSetting(user.setting)
  return {
    notifyType: setting.notify_type === 'webhook' ? 'webhook' : 'email',
    threshold: String(setting.quota_warning_threshold ?? DEFAULT_THRESHOLD),
    webhookUrl: setting.webhook_url ?? '',
    webhookSecret: '',
    removeSecret: false,
    notificationEmail: setting.notification_email ?? '',
  }
}

/** Spec §3 user setting: email or webhook, warning threshold (with presets), https webhook and secret, notification email. */
export function NotifySettingsCard({ user, display }: { user: SelfUser; display: QuotaDisplay }) {
  const { t } = useTranslation('personal')
  const refreshSelf = useRefreshSelf()
  // The page keys this card by the stored setting, so a save (or another tab's) starts it afresh.
  const [values, setValues] = useState(() => initialState(user))
  const [errors, setErrors] = useState<Partial<Record<'threshold' | 'webhookUrl' | 'notificationEmail', string>>>({})
  const secretSaved = parseUserSetting(user.setting).webhook_secret_set === true

  const mutation = useMutation({
    mutationFn: saveNotifySetting,
    onSuccess: async () => {
      toast.success(t('notify.saved'))
      await refreshSelf()
    },
    onError: (failure) => toast.error(t('notify.failed', { message: failure.message })),
  })

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }))

  function submit(event: FormEvent) {
    event.preventDefault()
    const problems = checkNotifyForm(values)
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])))
    if (Object.keys(problems).length > 0) return
    const payload: NotifySettingRequest = {
      notify_type: values.notifyType,
      quota_warning_threshold: Number(values.threshold.trim()),
    }
    if (values.notifyType === 'webhook') {
      payload.webhook_url = values.webhookUrl.trim()
      if (values.webhookSecret) payload.webhook_secret = values.webhookSecret
      else if (values.removeSecret) payload.webhook_secret = ''
    } else {
      payload.notification_email = values.notificationEmail.trim()
    }
    mutation.mutate(payload)
  }

  const threshold = Number(values.threshold)
  const types = [
    { value: 'email', label: t('notify.typeEmail') },
    { value: 'webhook', label: t('notify.typeWebhook') },
  ] as const

  return (
    <Card data-testid="notify-card">
      <CardHeader>
        <CardTitle>{t('notify.title')}</CardTitle>
        <CardDescription>{t('notify.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <div className="grid gap-2">
            <span className="text-sm font-medium" id="notify-type-label">
              {t('notify.type')}
            </span>
            <div
              role="radiogroup"
              aria-labelledby="notify-type-label"
              className="inline-flex w-full rounded-lg border bg-muted/40 p-1 sm:w-auto sm:justify-self-start"
            >
              {types.map((type) => (
                <button
                  key={type.value}
                  type="button"
                  role="radio"
                  aria-checked={values.notifyType === type.value}
                  data-testid={`notify-type-${type.value}`}
                  onClick={() => set('notifyType', type.value)}
                  className={cn(
                    'flex-1 rounded-md px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors sm:flex-none focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
                    values.notifyType === type.value
                      ? 'bg-primary text-primary-foreground shadow-sm'
                      : 'hover:text-foreground'
                  )}
                >
                  {type.label}
                </button>
              ))}
            </div>
          </div>

          <Field
            label={t('notify.threshold')}
            htmlFor="notify-threshold"
            error={errors.threshold}
            hint={
              Number.isFinite(threshold) && threshold > 0
                ? t('notify.thresholdHint', { amount: formatQuota(threshold, display) })
                : undefined
            }
            after={
              <div className="flex flex-wrap gap-1.5">
                {THRESHOLD_PRESETS.map((preset) => (
                  <Button
                    key={preset}
                    type="button"
                    size="sm"
                    variant={threshold === preset ? 'secondary' : 'outline'}
                    onClick={() => set('threshold', String(preset))}
                    data-testid={`threshold-preset-${preset}`}
                  >
                    {t('notify.preset', {
                      quota: preset.toLocaleString(),
                      amount: formatQuota(preset, { ...display, displayInCurrency: true }),
                    })}
                  </Button>
                ))}
              </div>
            }
          >
            <Input
              id="notify-threshold"
              inputMode="numeric"
              value={values.threshold}
              onChange={(event) => set('threshold', event.target.value)}
              aria-invalid={errors.threshold ? true : undefined}
            />
          </Field>

          {values.notifyType === 'email' ? (
            <Field label={t('notify.email')} htmlFor="notify-email" error={errors.notificationEmail}>
              <Input
                id="notify-email"
                type="email"
                value={values.notificationEmail}
                onChange={(event) => set('notificationEmail', event.target.value)}
                placeholder={
                  user.email ? t('notify.emailPlaceholder', { email: user.email }) : t('notify.emailPlaceholderNone')
                }
                aria-invalid={errors.notificationEmail ? true : undefined}
              />
            </Field>
          ) : (
            <>
              <Field
                label={t('notify.webhookUrl')}
                htmlFor="notify-webhook-url"
                error={errors.webhookUrl}
                hint={t('notify.webhookHint')}
              >
                <Input
                  id="notify-webhook-url"
                  type="url"
                  value={values.webhookUrl}
                  onChange={(event) => set('webhookUrl', event.target.value)}
                  placeholder={t('notify.webhookUrlPlaceholder')}
                  aria-invalid={errors.webhookUrl ? true : undefined}
                />
              </Field>
              <Field
                label={t('notify.webhookSecret')}
                htmlFor="notify-webhook-secret"
                hint={secretSaved && !values.removeSecret ? t('notify.webhookSecretKept') : undefined}
              >
                <Input
                  id="notify-webhook-secret"
                  type="password"
                  autoComplete="off"
                  value={values.webhookSecret}
                  onChange={(event) => set('webhookSecret', event.target.value)}
                  placeholder={secretSaved ? '••••••••' : t('notify.webhookSecretPlaceholder')}
                />
              </Field>
              {secretSaved && (
                <div className="flex items-center gap-2">
                  <Checkbox
                    id="notify-remove-secret"
                    checked={values.removeSecret}
                    onCheckedChange={(checked) => set('removeSecret', checked === true)}
                  />
                  <Label htmlFor="notify-remove-secret" className="font-normal">
                    {t('notify.removeSecret')}
                  </Label>
                </div>
              )}
            </>
          )}

          <Button type="submit" className="justify-self-start" disabled={mutation.isPending} data-testid="notify-save">
            {mutation.isPending && <Spinner />}
            {t('notify.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
