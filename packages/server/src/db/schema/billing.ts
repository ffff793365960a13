import type { Id, SoftDelete, UnixSeconds, WithDefault } from './common.ts'

/** redemptions: codes that add quota once. */
export interface RedemptionsTable {
  id: Id
  /** creator */
  user_id: number
  key: string
  /** 1 unused, 2 disabled, 3 used */
  status: WithDefault<number>
  name: WithDefault<string>
  quota: WithDefault<number>
  created_time: WithDefault<UnixSeconds>
  redeemed_time: WithDefault<UnixSeconds>
  used_user_id: WithDefault<number>
  deleted_at: SoftDelete
  /** unix seconds after which the code is refused; 0 never expires (the reference's column) */
  expired_time: WithDefault<UnixSeconds>
}

/** top_ups: online payment orders. */
export interface TopUpsTable {
  id: Id
  user_id: number
  /** units ($) bought */
  amount: WithDefault<number>
  /** money paid */
  money: WithDefault<number>
  trade_no: string
  create_time: WithDefault<UnixSeconds>
  /** pending | success */
  status: WithDefault<string>
  payment_method: WithDefault<string>
  /** the reference's gateway name of the order ('' for ours) */
  payment_provider: WithDefault<string>
  complete_time: WithDefault<UnixSeconds>
}
