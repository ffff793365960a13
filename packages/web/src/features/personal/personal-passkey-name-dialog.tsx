import { PASSKEY_NAME_MAX } from '@gateway/shared'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { FormField } from '@/features/auth/auth-form-field'

interface PasskeyNameDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** 'add' may be left blank (the server names it after the device); 'rename' needs a name. */
  mode: 'add' | 'rename'
  initialName?: string
  pending: boolean
  /** Already translated message of the last failure. */
  error: string | null
  onSubmit: (name: string) => void
}

/** Asks for a passkey's name, before it is created or when it is renamed. */
export function PasskeyNameDialog({
  open,
  onOpenChange,
  mode,
  initialName = '',
  pending,
  error,
  onSubmit,
}: PasskeyNameDialogProps) {
  const { t } = useTranslation(['personal', 'common'])
  // A fresh instance per opening (the caller keys it), so the field starts from the current name.
  const [name, setName] = useState(initialName)
  const [problem, setProblem] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = name.trim()
    if (mode === 'rename' && trimmed === '') return setProblem(t('passkeys.nameRequired'))
    if (trimmed.length > PASSKEY_NAME_MAX) return setProblem(t('passkeys.nameTooLong', { max: PASSKEY_NAME_MAX }))
    setProblem(null)
    onSubmit(trimmed)
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent data-testid="passkey-name-dialog">
        <DialogHeader>
          <DialogTitle>{mode === 'add' ? t('passkeys.addTitle') : t('passkeys.renameTitle')}</DialogTitle>
          <DialogDescription>
            {mode === 'add' ? t('passkeys.addDescription') : t('passkeys.renameDescription')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField
            id="passkey-name"
            data-testid="passkey-name"
            label={t('passkeys.name')}
            placeholder={mode === 'add' ? t('passkeys.namePlaceholder') : undefined}
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            error={problem ?? error}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={pending} data-testid="passkey-name-submit">
              {pending && <Spinner />}
              {mode === 'add' ? t('passkeys.continue') : t('passkeys.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
