import { formatQuota, type AdminUser, type QuotaDisplay } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { actionsColumn } from '@/components/data-table'
import { UserRoleBadge, UserStatusBadge } from './user-badges'

interface UserColumnOptions {
  t: TFunction<'users'>
  display: QuotaDisplay
  actions: (user: AdminUser) => ReactNode
}

const muted = (text: ReactNode) => <span className="text-muted-foreground">{text}</span>

export function userColumns({ t, display, actions }: UserColumnOptions): ColumnDef<AdminUser, unknown>[] {
  return [
    {
      id: 'id',
      header: t('columns.id'),
      meta: { label: t('columns.id') },
      size: 64,
      cell: ({ row }) => <span className="tabular-nums">{row.original.id}</span>,
    },
    {
      id: 'username',
      header: t('columns.username'),
      meta: { label: t('columns.username') },
      enableHiding: false,
      cell: ({ row }) => (
        <div className="flex min-w-0 flex-col">
          <span className="truncate font-medium" data-testid="user-username">
            {row.original.username}
          </span>
          {row.original.display_name && row.original.display_name !== row.original.username && (
            <span className="truncate text-xs text-muted-foreground">{row.original.display_name}</span>
          )}
        </div>
      ),
    },
    {
      id: 'group',
      header: t('columns.group'),
      meta: { label: t('columns.group') },
      cell: ({ row }) => <span>{row.original.group || muted('—')}</span>,
    },
    {
      id: 'quota',
      header: t('columns.quota'),
      meta: { label: t('columns.quota') },
      cell: ({ row }) => (
        <div className="flex flex-col text-xs leading-5 tabular-nums" data-testid="user-quota">
          <span>
            {muted(`${t('columns.remaining')} `)}
            <span className="font-medium">{formatQuota(row.original.quota, display)}</span>
          </span>
          <span>
            {muted(`${t('columns.used')} `)}
            {formatQuota(row.original.used_quota, display)}
          </span>
          <span>
            {muted(`${t('columns.requests')} `)}
            {row.original.request_count}
          </span>
        </div>
      ),
    },
    {
      id: 'role',
      header: t('columns.role'),
      meta: { label: t('columns.role') },
      cell: ({ row }) => <UserRoleBadge role={row.original.role} />,
    },
    {
      id: 'status',
      header: t('columns.status'),
      meta: { label: t('columns.status') },
      cell: ({ row }) => <UserStatusBadge user={row.original} />,
    },
    {
      id: 'invite',
      header: t('columns.invite'),
      meta: { label: t('columns.invite') },
      cell: ({ row }) => (
        <div className="flex flex-col text-xs leading-5 tabular-nums">
          <span>
            {muted(`${t('columns.invited')} `)}
            {row.original.aff_count}
          </span>
          <span>
            {muted(`${t('columns.inviteReward')} `)}
            {formatQuota(row.original.aff_history_quota, display)}
          </span>
          <span>
            {muted(`${t('columns.inviter')} `)}
            {row.original.inviter_id ? `#${row.original.inviter_id}` : t('columns.noInviter')}
          </span>
        </div>
      ),
    },
    actionsColumn<AdminUser>({ label: t('columns.actions'), cell: ({ row }) => actions(row.original) }),
  ]
}
