import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Database } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Skeleton } from '@/components/ui/skeleton'
import { setStoredUser } from '@/lib/session'
import { reloadStatus } from '@/lib/status'
import { AuthCard } from '../auth/auth-card'
import { setupStateQuery, submitSetup } from './api'
import { SetupForm } from './setup-form'

/** First run: create the root account, then land signed in on the dashboard. Once done, /setup only forwards to /login. */
export function SetupPage() {
  const { t } = useTranslation('setup')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: state } = useQuery(setupStateQuery)
  const mutation = useMutation({
    mutationFn: submitSetup,
    onSuccess: async (root) => {
      // The cached status still says setup: false and would bounce every page back here.
      await reloadStatus(queryClient)
      // The server has started the root's session; keep the user as the login flow does.
      if (root) setStoredUser(root)
      toast.success(t(root ? 'successSignedIn' : 'success'))
      await navigate({ to: root ? '/detail' : '/login' })
    },
  })

  useEffect(() => {
    if (state?.status) void navigate({ to: '/login', replace: true })
  }, [state?.status, navigate])

  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      {state ? (
        <div className="mb-6 flex items-start gap-3 rounded-lg bg-muted/60 px-3.5 py-3 text-sm">
          <Database className="mt-0.5 size-4 shrink-0 text-primary" />
          <div className="grid gap-1">
            <span>
              {t('database')}:{' '}
              <span data-testid="setup-database" className="font-medium">
                {t(`databaseTypes.${state.database_type}`)}
              </span>
            </span>
            {state.database_type === 'sqlite' && (
              <span className="text-[13px] text-muted-foreground">{t('sqliteHint')}</span>
            )}
          </div>
        </div>
      ) : (
        <Skeleton className="mb-6 h-11 w-full" />
      )}
      <SetupForm
        rootInit={state?.root_init ?? false}
        pending={mutation.isPending}
        onSubmit={(values) => mutation.mutate(values)}
      />
    </AuthCard>
  )
}
