import { Link } from '@tanstack/react-router'
import { Compass } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <div
      data-testid="not-found"
      className="flex flex-1 flex-col items-center justify-center gap-5 px-6 py-24 text-center"
    >
      <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Compass className="size-7" />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-semibold tracking-widest text-primary">{t('notFound.code')}</p>
        <h1 data-testid="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('notFound.title')}
        </h1>
        <p className="text-muted-foreground">{t('notFound.hint')}</p>
      </div>
      <Button asChild variant="outline">
        <Link to="/">{t('actions.goHome')}</Link>
      </Button>
    </div>
  )
}
