import { Link } from '@tanstack/react-router'
import { ShieldOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useStatus } from '@/lib/status'

/** Shown inside the console layout when the signed-in role may not open the page it asked for. */
export function NoPermissionPage() {
  const { t } = useTranslation()
  // The dashboard only exists when data export is on; otherwise the console starts at the tokens.
  const home = useStatus().enable_data_export ? '/detail' : '/token'
  return (
    <div
      data-testid="no-permission"
      className="flex flex-1 flex-col items-center justify-center gap-5 px-6 py-24 text-center"
    >
      <div className="flex size-14 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
        <ShieldOff className="size-7" />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-semibold tracking-widest text-destructive">{t('noPermission.code')}</p>
        <h1 data-testid="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('noPermission.title')}
        </h1>
        <p className="text-muted-foreground">{t('noPermission.hint')}</p>
      </div>
      <Button asChild variant="outline">
        <Link to={home} data-testid="no-permission-back">
          {t('noPermission.back')}
        </Link>
      </Button>
    </div>
  )
}
