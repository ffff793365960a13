import { useQuery } from '@tanstack/react-query'
import { Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Skeleton } from '@/components/ui/skeleton'
import { aboutQuery } from '../content/api'
import { AdminContentView } from '../content/content-admin-view'
import { classifyContent } from '../content/content-classify'

export function AboutPage() {
  const { t } = useTranslation('pages')
  const { data, isPending } = useQuery(aboutQuery)
  const content = classifyContent(data)

  if (content.kind === 'url') {
    return (
      <>
        <h1 data-testid="page-title" className="sr-only">
          {t('titles.about')}
        </h1>
        <AdminContentView content={content} title={t('titles.about')} />
      </>
    )
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      {isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : content.kind === 'html' ? (
        <>
          <h1 data-testid="page-title" className="sr-only">
            {t('titles.about')}
          </h1>
          <AdminContentView content={content} title={t('titles.about')} />
        </>
      ) : (
        <div className="rounded-xl border bg-card p-8 shadow-sm">
          <div className="mb-4 flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Info className="size-5" />
          </div>
          <h1 data-testid="page-title" className="text-2xl font-semibold tracking-tight">
            {t('about.defaultTitle')}
          </h1>
          <p data-testid="about-default" className="mt-3 leading-relaxed text-muted-foreground">
            {t('about.defaultBody')}
          </p>
        </div>
      )}
    </div>
  )
}
