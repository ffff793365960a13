import { Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Footer } from './footer'
import { TopBar } from './top-bar'

/** Public pages (home, login, register, pricing, about, setup, not found): top bar only. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar />
      <main className="flex flex-1 flex-col">{children}</main>
      <Footer />
    </div>
  )
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  )
}
