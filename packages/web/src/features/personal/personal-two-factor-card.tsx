import type { TwoFactorBackupCodes as BackupCodes, TwoFactorSetup } from '@gateway/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRoundIcon, ShieldCheckIcon, ShieldOffIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import {
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateBackupCodes,
  setupTwoFactor,
  twoFactorStatusKey,
} from './personal-two-factor-api'
import { TwoFactorBackupCodes } from './personal-two-factor-backup-codes'
import { TwoFactorCodeDialog } from './personal-two-factor-code-dialog'
import { TwoFactorSetupDialog } from './personal-two-factor-setup-dialog'

type Dialog = 'setup' | 'disable' | 'regenerate' | null

/** TOTP two-factor sign-in: turn it on (QR code, confirm, backup codes), new backup codes, turn it off. */
export function TwoFactorCard() {
  const { t } = useTranslation('twoFactor')
  const queryClient = useQueryClient()
  const status = useQuery({ queryKey: twoFactorStatusKey, queryFn: getTwoFactorStatus })
  const [dialog, setDialog] = useState<Dialog>(null)
  // Each opening gets a fresh dialog instance (keyed), so its form and result start empty.
  const [opening, setOpening] = useState(0)
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [newCodes, setNewCodes] = useState<string[] | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey })
  const open = (which: Exclude<Dialog, null>) => {
    setOpening((n) => n + 1)
    setNewCodes(null)
    setDialog(which)
  }
  const onOpenChange = (isOpen: boolean) => {
    if (isOpen) return
    setDialog(null)
    setNewCodes(null)
    void refresh()
  }
  const startSetup = useMutation({
    mutationFn: setupTwoFactor,
    onSuccess: (data) => {
      setSetup(data)
      open('setup')
    },
    onError: (failure) => toast.error(t('setup.failed', { message: failure.message })),
  })

  const data = status.data
  return (
    <Card data-testid="two-factor-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t('card.title')}
          {data && (
            <Badge variant={data.enabled ? 'success' : 'muted'} data-testid="two-factor-state">
              {data.enabled ? t('card.enabled') : t('card.disabled')}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{t('card.loadFailed', { message: status.error.message })}</AlertDescription>
          </Alert>
        ) : !data ? (
          <Skeleton className="h-12 rounded-lg" />
        ) : (
          <>
            {data.locked && (
              <Alert variant="warning">
                <AlertDescription data-testid="two-factor-locked">{t('card.locked')}</AlertDescription>
              </Alert>
            )}
            {!data.enabled && data.required && (
              <Alert variant="warning">
                <AlertDescription>{t('card.required')}</AlertDescription>
              </Alert>
            )}
            <p className="text-sm text-muted-foreground" data-testid="two-factor-summary">
              {data.enabled ? t('card.backupRemaining', { n: data.backup_codes_remaining ?? 0 }) : t('card.offHint')}
            </p>
            <div className="flex flex-wrap gap-2">
              {data.enabled ? (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => open('regenerate')}
                    data-testid="two-factor-regenerate"
                  >
                    <KeyRoundIcon />
                    {t('card.regenerate')}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => open('disable')}
                    data-testid="two-factor-disable"
                  >
                    <ShieldOffIcon />
                    {t('card.disable')}
                  </Button>
                </>
              ) : (
                <Button
                  size="sm"
                  disabled={startSetup.isPending}
                  onClick={() => startSetup.mutate()}
                  data-testid="two-factor-enable"
                >
                  {startSetup.isPending ? <Spinner /> : <ShieldCheckIcon />}
                  {t('card.enable')}
                </Button>
              )}
            </div>
          </>
        )}
        {setup && (
          <TwoFactorSetupDialog
            key={`setup-${opening}`}
            open={dialog === 'setup'}
            onOpenChange={onOpenChange}
            setup={setup}
            onEnabled={() => void refresh()}
          />
        )}
        <TwoFactorCodeDialog
          key={`disable-${opening}`}
          open={dialog === 'disable'}
          onOpenChange={onOpenChange}
          title={t('prompt.disableTitle')}
          description={t('prompt.disableDescription')}
          label={t('prompt.codeOrBackup')}
          destructive
          submit={disableTwoFactor}
          onDone={() => {
            toast.success(t('prompt.disabled'))
            onOpenChange(false)
          }}
          testId="two-factor-disable-dialog"
        />
        <TwoFactorCodeDialog<BackupCodes | undefined>
          key={`regenerate-${opening}`}
          open={dialog === 'regenerate'}
          onOpenChange={onOpenChange}
          title={t('prompt.regenerateTitle')}
          description={t('prompt.regenerateDescription')}
          label={t('prompt.code')}
          submit={regenerateBackupCodes}
          onDone={(result) => {
            toast.success(t('prompt.regenerated'))
            setNewCodes(result?.backup_codes ?? [])
          }}
          result={newCodes && <TwoFactorBackupCodes codes={newCodes} />}
          testId="two-factor-regenerate-dialog"
        />
      </CardContent>
    </Card>
  )
}
