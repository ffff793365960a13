import { Link, useRouterState } from '@tanstack/react-router'
import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import type { TopNavLink } from './nav-items'

interface TopNavLinksProps {
  links: TopNavLink[]
  /** `bar` is the inline desktop row; `list` is the stacked version inside the mobile sheet. */
  layout: 'bar' | 'list'
  onNavigate?: () => void
}

const consolePaths = [
  '/token',
  '/channel',
  '/redemption',
  '/playground',
  '/log',
  '/detail',
  '/midjourney',
  '/task',
  '/topup',
  '/user',
  '/setting',
  '/personal',
  '/chat',
]

function isLinkActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/'
  // "Console" stands for every console page, not only /token.
  if (to === '/token') return consolePaths.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  return pathname === to || pathname.startsWith(`${to}/`)
}

export function TopNavLinks({ links, layout, onNavigate }: TopNavLinksProps) {
  const { t } = useTranslation('nav')
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const base =
    layout === 'bar'
      ? 'inline-flex h-8 items-center gap-1 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground'
      : 'flex h-9 items-center gap-2 rounded-md px-2.5 text-sm font-medium text-foreground/85 transition-colors hover:bg-accent'
  const active = layout === 'bar' ? 'text-foreground bg-accent/70' : 'bg-accent text-accent-foreground'

  return (
    <nav className={cn(layout === 'bar' ? 'flex items-center gap-0.5' : 'flex flex-col gap-0.5')}>
      {links.map((link) =>
        link.external ? (
          <a
            key={link.key}
            href={link.to}
            target="_blank"
            rel="noreferrer"
            data-testid={`top-nav-${link.key}`}
            className={base}
            onClick={onNavigate}
          >
            {t(`top.${link.key}`)}
            <ExternalLink className="size-3 opacity-60" />
          </a>
        ) : (
          <Link
            key={link.key}
            to={link.to}
            data-testid={`top-nav-${link.key}`}
            onClick={onNavigate}
            className={cn(base, isLinkActive(pathname, link.to) && active)}
          >
            {t(`top.${link.key}`)}
          </Link>
        )
      )}
    </nav>
  )
}
