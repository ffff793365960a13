import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Toaster } from 'sonner'
import { TooltipProvider } from '@/components/ui/tooltip'
import { ThemeProvider, useTheme } from '@/hooks/use-theme'
import { i18n } from '@/i18n'
import { setSessionExpiredHandler } from '@/lib/api-client'
import { createQueryClient, refetchOnLanguageChange } from '@/lib/query-client'
import { createAppRouter } from '@/routes/router'

// Top-center: at the bottom right the toasts covered the Cancel/Submit footer of the edit sheets.
function ThemedToaster() {
  const { resolved } = useTheme()
  return <Toaster theme={resolved} position="top-center" richColors closeButton />
}

export function App() {
  const [{ queryClient, router }] = useState(() => {
    const client = createQueryClient()
    const appRouter = createAppRouter(client)
    // A 401 anywhere lands on the login page with the expired notice, without a full reload.
    setSessionExpiredHandler(() => {
      if (appRouter.state.location.pathname !== '/login') {
        void appRouter.navigate({ to: '/login', search: { expired: true } })
      }
    })
    return { queryClient: client, router: appRouter }
  })
  useEffect(() => refetchOnLanguageChange(queryClient, i18n), [queryClient])

  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <RouterProvider router={router} />
          <ThemedToaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>
  )
}
