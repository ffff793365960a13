import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table/confirm-dialog'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { api } from '@/lib/api-client'
import { statusQueryKey } from '@/lib/status'
import { optionsQuery, optionsQueryKey } from '../api'

interface InstantSwitchProps {
  name: string
  label: ReactNode
  /** Asks before switching off (the spec's warning for password login). */
  confirmOff?: { title: string; description: string }
}

/** A switch that saves at once by sending the opposite of the stored value (login methods). */
export function InstantSwitch({ name, label, confirmOff }: InstantSwitchProps) {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const { data } = useQuery(optionsQuery)
  const [confirming, setConfirming] = useState(false)
  const checked = data?.[name] === 'true'
  const mutation = useMutation({
    mutationFn: (value: boolean) => api.put('/api/option/', { key: name, value: String(value) }),
    onSuccess: async () => {
      setConfirming(false)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: optionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: statusQueryKey }),
      ])
      toast.success(t('form.saved'))
    },
    onError: () => setConfirming(false),
  })
  const id = `option-${name}`
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 rounded-lg border px-3 py-2.5">
      <Label htmlFor={id} className="leading-snug">
        {label}
      </Label>
      <Switch
        id={id}
        data-testid={id}
        checked={checked}
        disabled={mutation.isPending || data === undefined}
        onCheckedChange={(next) => (!next && confirmOff ? setConfirming(true) : mutation.mutate(next))}
      />
      {confirmOff && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={confirmOff.title}
          description={confirmOff.description}
          destructive
          pending={mutation.isPending}
          onConfirm={() => mutation.mutate(false)}
        />
      )}
    </div>
  )
}
