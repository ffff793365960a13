import { formatQuota, type AdminUser } from '@gateway/shared'
import { PlusCircle } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Field, FormSection } from '@/components/ui/form-section'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Separator } from '@/components/ui/separator'
import { Spinner } from '@/components/ui/spinner'
import { useQuotaDisplay } from '@/lib/quota-display'
import { useCreateUserMutation, useGroups, useUpdateUserMutation } from './queries'
import {
  emptyUserForm,
  parseQuota,
  userToForm,
  validateUserForm,
  type UserFormErrors,
  type UserFormValues,
} from './user-form'
import { UserQuotaDialog } from './user-quota-dialog'

interface UserEditorFormProps {
  /** absent: the add-user form */
  user?: AdminUser
  onCancel: () => void
  onSaved: () => void
}

const bindings = ['email', 'github_id', 'wechat_id', 'telegram_id', 'linux_do_id'] as const

export function UserEditorForm({ user, onCancel, onSaved }: UserEditorFormProps) {
  const { t } = useTranslation('users')
  const groups = useGroups()
  const mode = user ? 'edit' : 'create'
  const [values, setValues] = useState<UserFormValues>(() => (user ? userToForm(user) : emptyUserForm()))
  const [errors, setErrors] = useState<UserFormErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [quotaOpen, setQuotaOpen] = useState(false)
  const create = useCreateUserMutation()
  const update = useUpdateUserMutation()
  const pending = create.isPending || update.isPending
  const display = useQuotaDisplay()
  const quota = parseQuota(values.quota)

  const onChange = (patch: Partial<UserFormValues>) => {
    const next = { ...values, ...patch }
    setValues(next)
    if (submitted) setErrors(validateUserForm(next, mode))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const found = validateUserForm(values, mode)
    setErrors(found)
    if (Object.keys(found).length > 0 || pending) return
    const base = {
      username: values.username.trim(),
      display_name: values.display_name.trim(),
      password: values.password,
    }
    if (!user) {
      create.mutate(base, {
        onSuccess: () => {
          toast.success(t('toast.created'))
          onSaved()
        },
      })
      return
    }
    update.mutate(
      { ...base, id: user.id, group: values.group.trim(), quota: quota ?? 0 },
      {
        onSuccess: () => {
          toast.success(t('toast.updated'))
          onSaved()
        },
      }
    )
  }

  const message = (field: keyof UserFormValues) => errors[field] && t(errors[field] as 'validation.usernameRequired')
  const groupOptions = [...new Set([...(groups.data ?? []), values.group].filter(Boolean))]

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col" data-testid="user-editor-form">
      <div className="flex-1 space-y-6 overflow-y-auto px-4 py-4 sm:px-6">
        <FormSection title={t('editor.sections.account')}>
          <Field
            label={t('editor.username')}
            htmlFor="user-username"
            error={message('username')}
            hint={t('editor.usernameHint')}
          >
            <Input
              id="user-username"
              value={values.username}
              autoComplete="off"
              aria-invalid={errors.username ? true : undefined}
              onChange={(event) => onChange({ username: event.target.value })}
            />
          </Field>
          <Field label={t('editor.displayName')} htmlFor="user-display-name" error={message('display_name')}>
            <Input
              id="user-display-name"
              value={values.display_name}
              placeholder={t('editor.displayNamePlaceholder')}
              aria-invalid={errors.display_name ? true : undefined}
              onChange={(event) => onChange({ display_name: event.target.value })}
            />
          </Field>
          <Field
            label={t('editor.password')}
            htmlFor="user-password"
            error={message('password')}
            hint={mode === 'edit' ? t('editor.passwordKeepHint') : t('editor.passwordHint')}
          >
            <Input
              id="user-password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              aria-invalid={errors.password ? true : undefined}
              onChange={(event) => onChange({ password: event.target.value })}
            />
          </Field>
        </FormSection>
        {user && (
          <>
            <Separator />
            <FormSection title={t('editor.sections.billing')}>
              <Field label={t('editor.group')} htmlFor="user-group" error={message('group')}>
                <NativeSelect
                  id="user-group"
                  className="h-9"
                  value={values.group}
                  onChange={(event) => onChange({ group: event.target.value })}
                >
                  {groupOptions.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field
                label={t('editor.quota')}
                htmlFor="user-quota"
                error={message('quota')}
                hint={
                  quota !== undefined && quota >= 0
                    ? t('editor.quotaHint', { amount: formatQuota(quota, display) })
                    : undefined
                }
              >
                <div className="flex gap-2">
                  <Input
                    id="user-quota"
                    inputMode="numeric"
                    value={values.quota}
                    aria-invalid={errors.quota ? true : undefined}
                    onChange={(event) => onChange({ quota: event.target.value })}
                  />
                  <Button
                    type="button"
                    variant="outline"
                    disabled={quota === undefined}
                    onClick={() => setQuotaOpen(true)}
                    data-testid="user-quota-add"
                  >
                    <PlusCircle />
                    {t('editor.addQuota')}
                  </Button>
                </div>
              </Field>
            </FormSection>
            <Separator />
            <FormSection title={t('editor.sections.bindings')}>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                {bindings.map((key) => (
                  <div key={key} className="contents">
                    <dt className="text-muted-foreground">{t(`editor.bindings.${key}`)}</dt>
                    <dd className="min-w-0 truncate">
                      {user[key] || <span className="text-muted-foreground">{t('editor.notBound')}</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </FormSection>
            <UserQuotaDialog
              open={quotaOpen}
              current={quota ?? 0}
              display={display}
              onClose={() => setQuotaOpen(false)}
              onApply={(total) => onChange({ quota: String(total) })}
            />
          </>
        )}
      </div>
      <div className="sticky bottom-0 flex justify-end gap-2 border-t bg-background px-4 py-3 sm:px-6">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('editor.cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="user-editor-submit">
          {pending && <Spinner />}
          {mode === 'edit' ? t('editor.save') : t('editor.create')}
        </Button>
      </div>
    </form>
  )
}
