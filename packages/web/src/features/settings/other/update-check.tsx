import type { UpdateCheck } from '@gateway/shared'
import { useMutation } from '@tanstack/react-query'
import { ExternalLink, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
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
import { AdminContentView } from '../../content/content-admin-view'
import { classifyContent } from '../../content/content-classify'
import { checkForUpdate } from '../api'

/** Asks the server for the latest release and shows 'already latest', a failure, or the new version. */
export function UpdateCheckButton() {
  const { t } = useTranslation('settings')
  const [found, setFound] = useState<NonNullable<UpdateCheck['release']> | null>(null)
  const check = useMutation({
    mutationFn: checkForUpdate,
    meta: { silent: true },
    onSuccess: ({ current_version, release }) => {
      if (!release) toast.error(t('other.info.checkFailed'))
      else if (release.tag_name === current_version) toast.success(t('other.info.latest'))
      else setFound(release)
    },
    onError: () => toast.error(t('other.info.checkFailed')),
  })
  // Release notes come from outside: markdown rendered and sanitised, never raw HTML.
  const notes = found ? classifyContent(found.body) : null
  return (
    <>
      <Button variant="outline" data-testid="check-update" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? <Spinner /> : <RefreshCw />}
        {t('other.info.check')}
      </Button>
      <Dialog open={found !== null} onOpenChange={(open) => !open && setFound(null)}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{t('other.info.newVersion', { version: found?.tag_name ?? '' })}</DialogTitle>
            <DialogDescription>{t('other.info.newVersionHint')}</DialogDescription>
          </DialogHeader>
          {notes?.kind === 'html' && (
            <AdminContentView content={notes} title="release" className="max-h-80 overflow-auto text-sm" />
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setFound(null)}>
              {t('form.close')}
            </Button>
            {found?.html_url && (
              <Button asChild>
                <a href={found.html_url} target="_blank" rel="noreferrer noopener">
                  <ExternalLink />
                  {t('other.info.open')}
                </a>
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
