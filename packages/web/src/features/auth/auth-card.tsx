import type { ReactNode } from 'react'
import { useStatus } from '@/lib/status'

interface AuthCardProps {
  title: string
  subtitle?: string
  children: ReactNode
  footer?: ReactNode
}

/** The centred card shared by login, register and setup. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  const status = useStatus()
  return (
    <div className="relative isolate flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_70%)] opacity-[0.08] dark:opacity-[0.14]"
      />
      <div className="w-full max-w-[420px]">
        <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <img src={status.logo || '/logo.png'} alt="" className="size-11 rounded-xl object-contain" />
            <div className="space-y-1">
              <h1 data-testid="page-title" className="text-xl font-semibold tracking-tight">
                {title}
              </h1>
              {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
            </div>
          </div>
          {children}
        </div>
        {footer && <div className="mt-5 text-center text-sm text-muted-foreground">{footer}</div>}
      </div>
    </div>
  )
}
