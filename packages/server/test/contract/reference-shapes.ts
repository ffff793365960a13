import { z } from 'zod'

/**
 * What the reference system (New API at the commit we follow) answers on each console route, as
 * zod schemas read from its handlers and the json tags of the structs they return. Test-only: it
 * lives under test/, which the server build does not compile.
 *
 * How to read them:
 * - Objects are open: a field of ours the reference does not send is allowed; a field it sends
 *   must be there with its JSON type. Go pointers, slices and maps are `nullable` (nil is null).
 * - Fields tagged `omitempty` are `optional`.
 * - Left out on purpose, each with its reason: gorm's `DeletedAt` (no json tag, so the key is
 *   "DeletedAt"; always null on a live row and read by no client), request-only fields the
 *   reference echoes empty (`password`, `original_password`, `verification_code`), and
 *   `access_token`-style secrets that it tags `json:"-"`.
 */

const int = z.number().int()
const num = z.number()
const str = z.string()
const bool = z.boolean()

/** `{success, message, data}` as common.ApiSuccess writes it. */
export const success = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: str, data })
/** `{success, message}` with no data key (handlers that write gin.H{"success": true, "message": ""}). */
export const successNoData = z.object({ success: z.literal(true), message: str })
/** A business failure: HTTP 200 with success false and a message. */
export const failure = z.object({ success: z.literal(false), message: str })

/** common.PageInfo: 1-based `page`, `page_size`, `total` and `items`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ page: int, page_size: int, total: int, items: z.array(item) })

/** model.Token masked (controller tokenResponse: the token plus auto_groups). */
export const tokenShape = z.object({
  id: int,
  user_id: int,
  key: str,
  status: int,
  name: str,
  created_time: int,
  accessed_time: int,
  expired_time: int,
  remain_quota: int,
  unlimited_quota: bool,
  model_limits_enabled: bool,
  model_limits: str,
  allow_ips: str.nullable(),
  used_quota: int,
  group: str,
  cross_group_retry: bool,
  auto_groups: z.array(str).nullable(),
})

/** model.ChannelInfo (the list and lookups clear the disabled reasons and times). */
export const channelInfoShape = z.object({
  is_multi_key: bool,
  multi_key_size: int,
  multi_key_status_list: z.record(str, int).nullable(),
  multi_key_polling_index: int,
  multi_key_mode: str,
})

/** model.Channel as read with Omit("key"): `key` is there, empty. */
export const channelShape = z.object({
  id: int,
  type: int,
  key: str,
  openai_organization: str.nullable(),
  test_model: str.nullable(),
  status: int,
  name: str,
  weight: int.nullable(),
  created_time: int,
  test_time: int,
  response_time: int,
  base_url: str.nullable(),
  other: str,
  balance: num,
  balance_updated_time: int,
  models: str,
  group: str,
  used_quota: int,
  model_mapping: str.nullable(),
  status_code_mapping: str.nullable(),
  priority: int.nullable(),
  auto_ban: int.nullable(),
  other_info: str,
  tag: str.nullable(),
  setting: str.nullable(),
  param_override: str.nullable(),
  header_override: str.nullable(),
  remark: str.nullable(),
  channel_info: channelInfoShape,
  settings: str,
})

/** model.User as the admin list and lookup send it (password and access token left out). */
export const userShape = z.object({
  id: int,
  username: str,
  display_name: str,
  role: int,
  status: int,
  email: str,
  github_id: str,
  discord_id: str,
  oidc_id: str,
  wechat_id: str,
  telegram_id: str,
  quota: int,
  used_quota: int,
  request_count: int,
  group: str,
  aff_code: str,
  aff_count: int,
  aff_quota: int,
  aff_history_quota: int,
  inviter_id: int,
  linux_do_id: str,
  setting: str,
  remark: str.optional(),
  stripe_customer: str,
  created_at: int,
  last_login_at: int,
})

/** controller buildSelfUserData (GetSelf): the dashboard user with its permissions. */
export const selfUserShape = z.object({
  id: int,
  username: str,
  display_name: str,
  role: int,
  status: int,
  email: str,
  github_id: str,
  discord_id: str,
  oidc_id: str,
  wechat_id: str,
  telegram_id: str,
  group: str,
  quota: int,
  used_quota: int,
  request_count: int,
  aff_code: str,
  aff_count: int,
  aff_quota: int,
  aff_history_quota: int,
  inviter_id: int,
  linux_do_id: str,
  setting: str,
  stripe_customer: str,
  sidebar_modules: str,
  permissions: z.object({ sidebar_settings: bool, sidebar_modules: z.record(str, z.unknown()) }),
})

/** model.Redemption (`count` is request-only and echoed as 0). */
export const redemptionShape = z.object({
  id: int,
  user_id: int,
  key: str,
  status: int,
  name: str,
  quota: int,
  created_time: int,
  redeemed_time: int,
  count: int,
  used_user_id: int,
})

/** model.Redemption's expiry (reference: 0 means never). */
export const redemptionExpiryShape = redemptionShape.extend({ expired_time: int })

/** model.Log (user lists blank channel_name and keep the channel id). */
export const logShape = z.object({
  id: int,
  user_id: int,
  created_at: int,
  type: int,
  content: str,
  username: str,
  token_name: str,
  model_name: str,
  quota: int,
  prompt_tokens: int,
  completion_tokens: int,
  use_time: int,
  is_stream: bool,
  channel: int,
  channel_name: str,
  token_id: int,
  group: str,
  ip: str,
  request_id: str.optional(),
  upstream_request_id: str.optional(),
  other: str,
})

/** GetLogsStat / GetLogsSelfStat. */
export const logStatShape = z.object({ quota: int, rpm: int, tpm: int })

/** model.QuotaData: every field, the ones a grouped read does not select as zero values. */
export const quotaDataShape = z.object({
  id: int,
  user_id: int,
  username: str,
  model_name: str,
  created_at: int,
  use_group: str,
  token_id: int,
  channel_id: int,
  node_name: str,
  token_used: int,
  count: int,
  quota: int,
})

/** model.Midjourney (token and billing channel are `json:"-"`). */
export const midjourneyShape = z.object({
  id: int,
  code: int,
  user_id: int,
  action: str,
  mj_id: str,
  prompt: str,
  prompt_en: str,
  description: str,
  state: str,
  submit_time: int,
  start_time: int,
  finish_time: int,
  image_url: str,
  video_url: str,
  video_urls: str,
  status: str,
  progress: str,
  fail_reason: str,
  channel_id: int,
  quota: int,
  buttons: str,
  properties: str,
})

/** dto.TaskDto (users see the same fields; `username` only in the admin list). */
export const taskShape = z.object({
  id: int,
  created_at: int,
  updated_at: int,
  task_id: str,
  platform: str,
  user_id: int,
  group: str,
  channel_id: int,
  quota: int,
  action: str,
  status: str,
  fail_reason: str,
  result_url: str.optional(),
  submit_time: int,
  start_time: int,
  finish_time: int,
  progress: str,
  properties: z.unknown(),
  username: str.optional(),
  data: z.unknown(),
})

/** controller Setup. */
export const setupShape = z.object({ status: bool, root_init: bool, database_type: str })

/** The fields of GetStatus that predate the newer reference (the console's own reads). */
export const statusBaseShape = z.object({
  version: str,
  start_time: int,
  email_verification: bool,
  github_oauth: bool,
  github_client_id: str,
  linuxdo_oauth: bool,
  linuxdo_client_id: str,
  telegram_oauth: bool,
  telegram_bot_name: str,
  system_name: str,
  logo: str,
  footer_html: str,
  wechat_qrcode: str,
  wechat_login: bool,
  server_address: str,
  turnstile_check: bool,
  turnstile_site_key: str,
  docs_link: str,
  quota_per_unit: num,
  display_in_currency: bool,
  enable_batch_update: bool,
  enable_drawing: bool,
  enable_task: bool,
  enable_data_export: bool,
  data_export_default_time: str,
  default_collapse_sidebar: bool,
  mj_notify_enabled: bool,
  chats: z.array(z.record(str, str)).nullable(),
  demo_site_enabled: bool,
  self_use_mode_enabled: bool,
  setup: bool,
})

/** GetStatus as the current reference answers it (the newer fields on top of the base). */
export const statusShape = statusBaseShape.extend({
  discord_oauth: bool,
  discord_client_id: str,
  linuxdo_minimum_trust_level: int,
  theme: str,
  quota_display_type: str,
  custom_currency_symbol: str,
  custom_currency_exchange_rate: num,
  register_enabled: bool,
  password_login_enabled: bool,
  password_register_enabled: bool,
  default_use_auto_group: bool,
  usd_exchange_rate: num,
  price: num,
  stripe_unit_price: num,
  api_info_enabled: bool,
  uptime_kuma_enabled: bool,
  announcements_enabled: bool,
  faq_enabled: bool,
  HeaderNavModules: str,
  SidebarModulesAdmin: str,
  oidc_enabled: bool,
  oidc_client_id: str,
  oidc_authorization_endpoint: str,
  oidc_display_name: str,
  passkey_login: bool,
  passkey_display_name: str,
  passkey_rp_id: str,
  passkey_origins: str,
  passkey_allow_insecure: bool,
  passkey_user_verification: str,
  passkey_attachment: str,
  user_agreement_enabled: bool,
  privacy_policy_enabled: bool,
  checkin_enabled: bool,
})

/** model.Pricing: one row of GET /api/pricing. */
export const pricingRowShape = z.object({
  model_name: str,
  quota_type: int,
  model_ratio: num,
  model_price: num,
  owner_by: str,
  completion_ratio: num,
  enable_groups: z.array(str).nullable(),
  supported_endpoint_types: z.array(str).nullable(),
})

/** GetPricing writes its own envelope: no `message`, the lookups next to `data`. */
export const pricingShape = z.object({
  success: z.literal(true),
  data: z.array(pricingRowShape),
  vendors: z.array(z.object({ id: int, name: str })).nullable(),
  group_ratio: z.record(str, num),
  usable_group: z.record(str, str),
  supported_endpoint: z.record(str, z.unknown()).nullable(),
  auto_groups: z.array(str).nullable(),
  pricing_version: str,
})

/** GetUserGroups: group name to its ratio and description ("auto" has the ratio "自动"). */
export const userGroupsShape = z.record(str, z.object({ ratio: z.union([num, str]), desc: str }))

/** model.Option rows of GET /api/option/. */
export const optionsShape = z.array(z.object({ key: str, value: str }))

/** Get2FAStatus (backup_codes_remaining only while enabled). */
export const twoFactorStatusShape = z.object({ enabled: bool, locked: bool, backup_codes_remaining: int.optional() })

/** model.GetTwoFAStats. */
export const twoFactorStatsShape = z.object({ total_users: int, enabled_users: int, enabled_rate: str })

/** Setup2FAResponse. */
export const twoFactorSetupShape = z.object({ secret: str, qr_code_data: str, backup_codes: z.array(str) })

/** PasskeyStatus: `last_used_at` (a time or null) only when one is registered. */
export const passkeyStatusShape = z.object({ enabled: bool })

/** service.LoginSessionView. */
export const loginSessionShape = z.object({
  sid: str,
  current: bool,
  login_method: str,
  ip: str,
  user_agent: str,
  created_at: int,
  last_active_at: int,
  expires_at: int,
})

/** The channel test answer: the test's own success and message at the top, and its time in seconds. */
export const channelTestShape = z.object({ success: bool, message: str, time: num })

/** UpdateChannelBalance: the balance at the top level, next to success and message. */
export const channelBalanceShape = z.object({ success: z.literal(true), message: str, balance: num })

/** TestAllChannels: the run it started. */
export const channelTestAllShape = success(z.object({ task_id: str, status: str }))

/** FixChannelsAbilities. */
export const fixAbilitiesShape = success(z.object({ success: int, fails: int }))

/** GetAllChannels: a page plus the count of channels per type. */
export const channelListShape = success(pageOf(channelShape).extend({ type_counts: z.record(str, int) }))

/** SearchChannels: items, total and type counts (no page fields). */
export const channelSearchShape = success(
  z.object({ items: z.array(channelShape), total: int, type_counts: z.record(str, int) })
)

/** ChannelListModels: the OpenAI-style model objects (its own envelope, no message). */
export const channelModelsShape = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: str, object: str, created: int, owned_by: str })),
})

/** EnabledListModels: names (no message). */
export const enabledModelsShape = z.object({ success: z.literal(true), data: z.array(str).nullable() })

/** DashboardListModels: channel type to its model names (no message). */
export const dashboardModelsShape = z.object({ success: z.literal(true), data: z.record(str, z.array(str)) })

/** RequestAmount / RequestEpay: no `success`, message "success", the amount as a string. */
export const topUpAmountShape = z.object({ message: z.literal('success'), data: str })
export const topUpPayShape = z.object({ message: z.literal('success'), data: z.record(str, str), url: str })

/** GetTopUpInfo: what the wallet page reads to show online payment. */
export const topUpInfoShape = success(
  z.object({
    enable_online_topup: bool,
    enable_stripe_topup: bool,
    enable_creem_topup: bool,
    pay_methods: z.array(z.record(str, z.unknown())).nullable(),
    min_topup: int,
    stripe_min_topup: int,
    amount_options: z.array(int).nullable(),
    discount: z.record(str, num).nullable(),
  })
)

/** GetSubscription (OpenAI billing): its own object, no envelope. */
export const billingSubscriptionShape = z.object({
  object: str,
  has_payment_method: bool,
  soft_limit_usd: num,
  hard_limit_usd: num,
  system_hard_limit_usd: num,
  access_until: int,
})

/** GetUsage (OpenAI billing): its own object, no envelope. */
export const billingUsageShape = z.object({ object: str, total_usage: num })

/** TestStatus: middleware.StatsInfo next to success and message. */
export const statusTestShape = z.object({
  success: z.literal(true),
  message: str,
  http_stats: z.object({ active_connections: int }),
})

/** Login (setupLoginAtAuthVersion): the bearer session the reference's console signs in with, and the user. */
export const loginShape = z.object({
  access_token: str,
  token_type: str,
  access_expires_at: int,
  session: loginSessionShape,
  user: selfUserShape,
})
