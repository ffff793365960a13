import { Link } from '@tanstack/react-router'
import { ArrowRight, Gauge, Route, Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useStatus } from '@/lib/status'

const features = [
  { icon: Sparkles, title: 'home.features.compatibleTitle', body: 'home.features.compatibleBody' },
  { icon: Route, title: 'home.features.routingTitle', body: 'home.features.routingBody' },
  { icon: Gauge, title: 'home.features.billingTitle', body: 'home.features.billingBody' },
] as const

export function DefaultLanding() {
  const { t } = useTranslation(['pages', 'common'])
  const status = useStatus()
  const baseUrl = `${(status.server_address || window.location.origin).replace(/\/+$/, '')}/v1`

  return (
    <div className="relative isolate flex-1 overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[480px] bg-[radial-gradient(ellipse_at_center,var(--color-primary)_0%,transparent_65%)] opacity-[0.12] dark:opacity-[0.18]"
      />
      <section className="mx-auto flex max-w-3xl flex-col items-center px-6 pt-20 pb-14 text-center sm:pt-28">
        <Badge variant="outline" className="mb-6 gap-1.5 rounded-full bg-card px-3 py-1 text-muted-foreground">
          <span className="size-1.5 rounded-full bg-success" />
          {t('home.eyebrow')}
        </Badge>
        <h1 data-testid="page-title" className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {status.system_name}
        </h1>
        <p className="mt-5 max-w-xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {t('home.tagline')}
        </p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Button asChild size="lg" data-testid="home-console">
            <Link to="/token">
              {t('common:actions.goConsole')}
              <ArrowRight />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" data-testid="home-pricing">
            <Link to="/pricing">{t('common:actions.viewPricing')}</Link>
          </Button>
        </div>
        <code
          data-testid="home-base-url"
          className="mt-8 max-w-full truncate rounded-lg border bg-card px-3 py-1.5 font-mono text-xs text-muted-foreground shadow-xs"
        >
          {baseUrl}
        </code>
      </section>

      <section className="mx-auto grid max-w-5xl gap-4 px-6 pb-20 sm:grid-cols-3">
        {features.map(({ icon: Icon, title, body }) => (
          <div key={title} className="rounded-xl border bg-card/70 p-5 shadow-xs backdrop-blur">
            <div className="mb-3 flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-[18px]" />
            </div>
            <h2 className="font-medium">{t(title)}</h2>
            <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{t(body)}</p>
          </div>
        ))}
      </section>
    </div>
  )
}
