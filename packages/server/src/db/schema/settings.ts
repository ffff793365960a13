import type { Id, UnixSeconds } from './common.ts'

/** options: runtime settings, every value a string. */
export interface OptionsTable {
  key: string
  value: string
}

/** setups: one row once the first-run setup has created the root account. */
export interface SetupsTable {
  id: Id
  version: string
  initialized_at: UnixSeconds
}
