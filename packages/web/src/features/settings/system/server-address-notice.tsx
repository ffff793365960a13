import { useMutation, useQueryClient } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { statusQueryKey } from '@/lib/status'
import { optionsQueryKey, saveOptions } from '../api'
import { reportSave } from '../form/use-option-form'

/**
 * Shown when the stored ServerAddress is not the origin the root is using right now: links,
 * callbacks and previews are built from the stored one, so a stale value (an old host, or the
 * former default http://localhost:3000) breaks them without any other sign.
 */
export function ServerAddressNotice({ stored, current }: { stored: string; current: string }) {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const use = useMutation({
    mutationFn: () => saveOptions([['ServerAddress', current]]),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: optionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: statusQueryKey }),
      ])
      reportSave(result)
    },
  })
  const address = stored.trim().replace(/\/+$/, '')
  if (address === '' || sameOrigin(address, current)) return null
  return (
    <Alert variant="warning" data-testid="server-address-notice">
      <TriangleAlert />
      <AlertTitle>{t('system.server.mismatchTitle')}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p className="[overflow-wrap:anywhere]">{t('system.server.mismatch', { current, stored: address })}</p>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="w-fit max-w-full"
          disabled={use.isPending}
          onClick={() => use.mutate()}
        >
          <span className="truncate">{t('system.server.useCurrent', { current })}</span>
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/** A stored address with a path still counts as this origin when scheme, host and port match. */
function sameOrigin(address: string, origin: string): boolean {
  try {
    return new URL(address).origin === new URL(origin).origin
  } catch {
    return false
  }
}
