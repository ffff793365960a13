import type { PasskeyItem } from '@gateway/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CloudIcon, FingerprintIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { describePasskeyFailure, passkeysSupported } from '@/features/auth/auth-passkey-ceremony'
import { formatLocalDateTime } from '@/lib/date-time'
import { PasskeyNameDialog } from './personal-passkey-name-dialog'
import { addPasskey, deletePasskey, getPasskeys, passkeysQueryKey, renamePasskey } from './personal-passkeys-api'

type Editing = { mode: 'add' } | { mode: 'rename'; passkey: PasskeyItem } | null

/** The account's passkeys: add one (named, then the browser's prompt), rename, delete. */
export function PasskeysCard() {
  const { t, i18n } = useTranslation('personal')
  const queryClient = useQueryClient()
  const [supported] = useState(passkeysSupported)
  const passkeys = useQuery({ queryKey: passkeysQueryKey, queryFn: getPasskeys })
  const [editing, setEditing] = useState<Editing>(null)
  // Each opening gets a fresh dialog (keyed), so the name field starts from the current value.
  const [opening, setOpening] = useState(0)
  const [nameError, setNameError] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<PasskeyItem | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey })
  const edit = (next: Exclude<Editing, null>) => {
    setOpening((n) => n + 1)
    setNameError(null)
    setEditing(next)
  }

  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: () => {
      setEditing(null)
      toast.success(t('passkeys.added'))
    },
    onError: (error) => {
      const failure = describePasskeyFailure(error)
      // Closing the browser's prompt is a choice, not a fault: say so quietly and keep the dialog.
      if (failure.kind === 'cancelled') setNameError(t('passkeys.cancelled'))
      else if (failure.kind === 'exists') setNameError(t('passkeys.exists'))
      else setNameError(t('passkeys.addFailed', { message: failure.message }))
    },
    onSettled: refresh,
  })
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renamePasskey(id, name),
    onSuccess: () => {
      setEditing(null)
      toast.success(t('passkeys.renamed'))
    },
    onError: (error) => setNameError(error.message),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => {
      setDeleting(null)
      toast.success(t('passkeys.deleted'))
    },
    onError: (error) => toast.error(t('passkeys.deleteFailed', { message: error.message })),
    onSettled: refresh,
  })
  const list = passkeys.data?.passkeys ?? []

  return (
    <Card data-testid="passkeys-card">
      <CardHeader>
        <CardTitle>{t('passkeys.title')}</CardTitle>
        <CardDescription>{t('passkeys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!supported && (
          <Alert data-testid="passkeys-unsupported">
            <AlertDescription>{t('passkeys.unsupported')}</AlertDescription>
          </Alert>
        )}
        {passkeys.isPending ? (
          <Skeleton className="h-12 rounded-lg" />
        ) : passkeys.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{t('passkeys.loadFailed', { message: passkeys.error.message })}</AlertDescription>
          </Alert>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="passkeys-empty">
            {t('passkeys.empty')}
          </p>
        ) : (
          <ul className="divide-y" data-testid="passkeys-list">
            {list.map((passkey) => (
              <li
                key={passkey.id}
                className="flex items-center gap-3 py-3 first:pt-0 last:pb-0"
                data-testid="passkey-row"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md border bg-muted/40 text-muted-foreground [&_svg]:size-4">
                  <FingerprintIcon />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span className="truncate" data-testid="passkey-name-text">
                      {passkey.name}
                    </span>
                    {passkey.backup_state && (
                      <Badge variant="info">
                        <CloudIcon />
                        {t('passkeys.synced')}
                      </Badge>
                    )}
                  </div>
                  <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                    <span>
                      {t('passkeys.created', { time: formatLocalDateTime(passkey.created_at, i18n.language) })}
                    </span>
                    <span data-testid="passkey-last-used">
                      {passkey.last_used_at === null
                        ? t('passkeys.neverUsed')
                        : t('passkeys.lastUsed', { time: formatLocalDateTime(passkey.last_used_at, i18n.language) })}
                    </span>
                  </p>
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t('passkeys.rename')}
                  onClick={() => edit({ mode: 'rename', passkey })}
                  data-testid="passkey-rename"
                >
                  <PencilIcon />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="text-destructive hover:text-destructive"
                  aria-label={t('passkeys.delete')}
                  onClick={() => setDeleting(passkey)}
                  data-testid="passkey-delete"
                >
                  <Trash2Icon />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={!supported}
          onClick={() => edit({ mode: 'add' })}
          data-testid="passkey-add"
        >
          <PlusIcon />
          {t('passkeys.add')}
        </Button>
        {editing && (
          <PasskeyNameDialog
            key={opening}
            open
            onOpenChange={(open) => !open && setEditing(null)}
            mode={editing.mode}
            initialName={editing.mode === 'rename' ? editing.passkey.name : ''}
            pending={add.isPending || rename.isPending}
            error={nameError}
            onSubmit={(name) => {
              setNameError(null)
              if (editing.mode === 'add') add.mutate(name)
              else rename.mutate({ id: editing.passkey.id, name })
            }}
          />
        )}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('passkeys.deleteTitle')}
          description={t('passkeys.deleteBody', { name: deleting?.name ?? '' })}
          confirmLabel={t('passkeys.delete')}
          destructive
          pending={remove.isPending}
          onConfirm={() => deleting && remove.mutate(deleting.id)}
        />
      </CardContent>
    </Card>
  )
}
