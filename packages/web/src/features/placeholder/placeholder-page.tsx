import { Construction } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import type pagesZh from '@/i18n/locales/zh/pages.json'

export type PageTitleKey = keyof typeof pagesZh.titles

/** Stand-in for screens that later issues build: a real header and one muted line, no fake data. */
export function PlaceholderPage({ titleKey, children }: { titleKey: PageTitleKey; children?: ReactNode }) {
  const { t } = useTranslation(['pages', 'common'])
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t(`titles.${titleKey}`)} />
      {children}
      <p data-testid="coming-soon" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Construction className="size-4" />
        {t('common:comingSoon')}
      </p>
    </div>
  )
}
