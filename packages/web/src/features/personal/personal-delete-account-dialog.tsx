import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { TriangleAlertIcon } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Alert, AlertDescription } from '@/components/ui/alert'
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
import { clearStoredUser } from '@/lib/session'
import { deleteAccount, logout } from './api'
import { confirmsDeletion } from './personal-validation'

interface DeleteAccountDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  username: string
}

/** Spec §5: the own username must be typed exactly; then the account is cancelled and the browser signs out to /. */
export function DeleteAccountDialog({ open, onOpenChange, username }: DeleteAccountDialogProps) {
  const { t } = useTranslation(['personal', 'common'])
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // The server already ended every session; this also clears the cookie if one is left.
      await logout().catch(() => undefined)
      clearStoredUser()
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'status' })
      toast.success(t('delete.done'))
      await navigate({ to: '/' })
    },
    onError: (failure) => setError(failure.message),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!confirmsDeletion(typed, username)) return setError(t('delete.mismatch'))
    setError(null)
    mutation.mutate()
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent data-testid="delete-account-dialog">
        <DialogHeader>
          <DialogTitle>{t('delete.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('delete.warning')}</DialogDescription>
        </DialogHeader>
        <Alert variant="destructive">
          <TriangleAlertIcon />
          <AlertDescription>{t('delete.warning')}</AlertDescription>
        </Alert>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField
            id="delete-confirm"
            label={t('delete.prompt', { username })}
            placeholder={t('delete.placeholder')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={error}
            autoComplete="off"
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={mutation.isPending} onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={mutation.isPending}
              data-testid="delete-account-submit"
            >
              {mutation.isPending && <Spinner />}
              {t('delete.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
