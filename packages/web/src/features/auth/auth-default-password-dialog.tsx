import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
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

/** Warns while the root account still has the default password (status.root_default_password). */
export function DefaultPasswordDialog() {
  const { t } = useTranslation(['auth', 'common'])
  const [open, setOpen] = useState(true)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent data-testid="default-password-dialog">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-warning/15 text-warning">
            <TriangleAlert className="size-5" />
          </div>
          <DialogTitle>{t('defaultPassword.title')}</DialogTitle>
          <DialogDescription>{t('defaultPassword.description')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => setOpen(false)}>{t('common:actions.gotIt')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
