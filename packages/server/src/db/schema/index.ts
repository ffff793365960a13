import type { RedemptionsTable, TopUpsTable } from './billing.ts'
import type { AbilitiesTable, ChannelsTable } from './channels.ts'
import type { LedgerInstancesTable, LogOutboxTable, QuotaHoldsTable } from './ledger.ts'
import type { LogsTable, QuotaDataTable } from './logs.ts'
import type { PasskeyChallengesTable, PasskeyCredentialsTable } from './passkeys.ts'
import type { OptionsTable, SetupsTable } from './settings.ts'
import type { StoredResponsesTable } from './stored-responses.ts'
import type { MidjourneysTable, TasksTable } from './tasks.ts'
import type { TokensTable } from './tokens.ts'
import type { TwoFaBackupCodesTable, TwoFaLoginFlowsTable, TwoFasTable } from './two-factor.ts'
import type { SessionsTable, UsersTable } from './users.ts'

/** Every table, with the reference system's table and column names. */
export interface Database {
  users: UsersTable
  sessions: SessionsTable
  tokens: TokensTable
  channels: ChannelsTable
  abilities: AbilitiesTable
  options: OptionsTable
  setups: SetupsTable
  redemptions: RedemptionsTable
  top_ups: TopUpsTable
  logs: LogsTable
  quota_data: QuotaDataTable
  midjourneys: MidjourneysTable
  tasks: TasksTable
  quota_holds: QuotaHoldsTable
  ledger_instances: LedgerInstancesTable
  log_outbox: LogOutboxTable
  passkey_credentials: PasskeyCredentialsTable
  passkey_challenges: PasskeyChallengesTable
  two_fas: TwoFasTable
  two_fa_backup_codes: TwoFaBackupCodesTable
  two_fa_login_flows: TwoFaLoginFlowsTable
  stored_responses: StoredResponsesTable
}
