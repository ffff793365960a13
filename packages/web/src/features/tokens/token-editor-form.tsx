import type { Token } from '@gateway/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Separator } from '@/components/ui/separator'
import { Spinner } from '@/components/ui/spinner'
import { useStatus } from '@/lib/status'
import { tokenKeys } from './queries'
import { TokenBasicSection } from './token-basic-section'
import { TokenExpirySection } from './token-expiry-section'
import {
  defaultTokenForm,
  tokenFormToPayload,
  tokenToForm,
  validateTokenForm,
  type TokenFormErrors,
  type TokenFormValues,
} from './token-form'
import { TokenLimitsSection } from './token-limits-section'
import { TokenQuotaSection } from './token-quota-section'
import { createTokens, saveToken } from './token-save'

interface TokenEditorFormProps {
  /** The token being edited; absent in create mode. */
  token?: Token
  onDone: () => void
  onCancel: () => void
}

/** The sectioned token form with its sticky footer; create (with batch count) or edit. */
export function TokenEditorForm({ token, onDone, onCancel }: TokenEditorFormProps) {
  const { t } = useTranslation('tokens')
  const status = useStatus()
  const queryClient = useQueryClient()
  const mode = token ? 'edit' : 'create'
  const [values, setValues] = useState<TokenFormValues>(() =>
    token ? tokenToForm(token) : defaultTokenForm(status.default_use_auto_group)
  )
  const [errors, setErrors] = useState<TokenFormErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)

  const onChange = (patch: Partial<TokenFormValues>) => {
    const next = { ...values, ...patch }
    setValues(next)
    // After a first submit, messages follow the typing.
    if (submitted) setErrors(validateTokenForm(next, mode))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const found = validateTokenForm(values, mode)
    setErrors(found)
    if (Object.keys(found).length > 0 || pending) return
    setPending(true)
    try {
      const payload = tokenFormToPayload(values)
      if (token) {
        const error = await saveToken(token.id, payload)
        if (error) return void toast.error(error)
        toast.success(t('toast.updated'))
      } else {
        const result = await createTokens(payload, Number(values.count))
        if (result.error) {
          if (result.created === 0) return void toast.error(result.error)
          toast.error(t('toast.partial', { created: result.created, total: result.total, message: result.error }))
        } else {
          toast.success(result.total === 1 ? t('toast.created') : t('toast.createdMany', { count: result.created }))
        }
      }
      onDone()
    } finally {
      setPending(false)
      void queryClient.invalidateQueries({ queryKey: tokenKeys.all })
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col" data-testid="token-editor-form">
      <div className="flex-1 space-y-6 overflow-y-auto px-4 py-4 sm:px-6">
        <TokenBasicSection values={values} errors={errors} onChange={onChange} mode={mode} />
        <Separator />
        <TokenQuotaSection values={values} errors={errors} onChange={onChange} />
        <Separator />
        <TokenExpirySection values={values} errors={errors} onChange={onChange} />
        <Separator />
        <TokenLimitsSection values={values} onChange={onChange} />
      </div>
      <div className="sticky bottom-0 flex justify-end gap-2 border-t bg-background px-4 py-3 sm:px-6">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('editor.cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="token-editor-submit">
          {pending && <Spinner />}
          {mode === 'edit' ? t('editor.save') : t('editor.create')}
        </Button>
      </div>
    </form>
  )
}
