import type { AdminUser, ManageAction } from '@gateway/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ColumnSettingsButton, DataTable, DataTablePagination } from '@/components/data-table'
import { useListPage } from '@/components/data-table/use-list-page'
import { PageHeader } from '@/components/layout/page-header'
import { useQuotaDisplay } from '@/lib/quota-display'
import { useSessionUser } from '@/lib/session'
import { userListQuery } from './queries'
import { UserActionDialog } from './user-action-dialog'
import { userColumns } from './user-columns'
import { UserCredentialResetDialog, type CredentialReset } from './user-credential-reset'
import { UserEditorDrawer, type UserEditorTarget } from './user-editor-drawer'
import { UserRowActions, type UserRowHandlers } from './user-row-actions'
import type { UserSearch } from './user-search'
import { UsersToolbar } from './users-toolbar'

interface UsersPageProps {
  search: UserSearch
  onSearchChange: (next: UserSearch) => void
  /** the open side panel; /user/edit and /user/edit/:id open it from the address */
  editor: UserEditorTarget | null
  onEditorChange: (next: UserEditorTarget | null) => void
}

/** /user: user management for admins. */
export function UsersPage({ search, onSearchChange, editor, onEditorChange }: UsersPageProps) {
  const { t } = useTranslation(['users', 'pages'])
  const me = useSessionUser()
  const myRole = me?.role ?? 0
  const [pending, setPending] = useState<{ user: AdminUser; action: ManageAction } | null>(null)
  const [resetting, setResetting] = useState<CredentialReset | null>(null)

  const handlers: UserRowHandlers = {
    onEdit: (user) => onEditorChange({ mode: 'edit', id: user.id }),
    onAction: (user, action) => setPending({ user, action }),
    onResetCredential: (user, kind) => setResetting({ user, kind }),
  }
  const display = useQuotaDisplay()
  const columns = useMemo(
    () =>
      userColumns({
        t,
        display,
        actions: (user) => <UserRowActions user={user} me={{ role: myRole }} handlers={handlers} />,
      }),
    // Handlers only call the stable callbacks from the route and a state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, display.quotaPerUnit, display.displayInCurrency, myRole]
  )
  const list = useListPage({
    search,
    onSearchChange,
    query: (page) => userListQuery({ ...page, keyword: search.keyword, group: search.group }),
    columns,
    visibilityKey: 'users-table-columns',
  })

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('pages:titles.user')} description={t('description')} />
      <UsersToolbar
        search={search}
        onSearch={(next) => onSearchChange({ ...next, p: undefined })}
        onAdd={() => onEditorChange({ mode: 'create' })}
        columnsMenu={<ColumnSettingsButton table={list.table} onReset={list.resetVisibility} />}
      />
      <DataTable
        table={list.table}
        loading={list.loading}
        empty={search.keyword || search.group ? t('emptySearch') : t('empty')}
        failure={list.failure}
        data-testid="users-table"
      />
      <DataTablePagination {...list.pagination} />
      <UserEditorDrawer target={editor} onClose={() => onEditorChange(null)} />
      <UserActionDialog pending={pending} onClose={() => setPending(null)} />
      <UserCredentialResetDialog reset={resetting} onClose={() => setResetting(null)} />
    </div>
  )
}
