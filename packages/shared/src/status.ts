import { z } from 'zod'

/** GET /api/status: the server flags the console reads before anything else. */
export const statusSchema = z.object({
  version: z.string(),
  start_time: z.number(),
  system_name: z.string(),
  logo: z.string(),
  footer_html: z.string(),
  server_address: z.string(),
  quota_per_unit: z.number(),
  display_in_currency: z.boolean(),
  display_token_stat: z.boolean(),
  email_verification: z.boolean(),
  turnstile_check: z.boolean(),
  turnstile_site_key: z.string(),
  github_oauth: z.boolean(),
  github_client_id: z.string(),
  wechat_login: z.boolean(),
  wechat_qrcode: z.string(),
  telegram_oauth: z.boolean(),
  telegram_bot_name: z.string(),
  linuxdo_oauth: z.boolean(),
  linuxdo_client_id: z.string(),
  docs_link: z.string(),
  chat_link: z.string(),
  chat_link2: z.string(),
  chats: z.array(z.record(z.string(), z.string())),
  pay_methods: z.array(z.record(z.string(), z.string())),
  price: z.number(),
  min_topup: z.number(),
  top_up_link: z.string(),
  enable_online_topup: z.boolean(),
  enable_batch_update: z.boolean(),
  enable_drawing: z.boolean(),
  enable_task: z.boolean(),
  enable_data_export: z.boolean(),
  data_export_default_time: z.enum(['hour', 'day', 'week']),
  default_collapse_sidebar: z.boolean(),
  mj_notify_enabled: z.boolean(),
  self_use_mode_enabled: z.boolean(),
  demo_site_enabled: z.boolean(),
  default_use_auto_group: z.boolean(),
  password_login_enabled: z.boolean(),
  password_register_enabled: z.boolean(),
  register_enabled: z.boolean(),
  /** Admins may change channels too (AdminChannelWriteEnabled); otherwise the console shows them the list read-only. */
  admin_channel_write_enabled: z.boolean(),
  /** True while the root account still has a password flagged as default. */
  root_default_password: z.boolean(),
  /** False until the first-run setup has created the root account. */
  setup: z.boolean(),

  // The reference's newer fields, so its console and scripts read what they expect. What this
  // gateway does not have (Discord, OIDC, Stripe, check-in, console panels, legal pages, custom
  // currencies) is reported as off or empty.
  theme: z.string(),
  /** USD when quota shows as money, TOKENS otherwise (the reference also knows CNY and CUSTOM) */
  quota_display_type: z.enum(['USD', 'CNY', 'TOKENS', 'CUSTOM']),
  custom_currency_symbol: z.string(),
  custom_currency_exchange_rate: z.number(),
  usd_exchange_rate: z.number(),
  stripe_unit_price: z.number(),
  discord_oauth: z.boolean(),
  discord_client_id: z.string(),
  linuxdo_minimum_trust_level: z.number(),
  oidc_enabled: z.boolean(),
  oidc_client_id: z.string(),
  oidc_authorization_endpoint: z.string(),
  oidc_display_name: z.string(),
  passkey_login: z.boolean(),
  passkey_display_name: z.string(),
  passkey_rp_id: z.string(),
  passkey_origins: z.string(),
  passkey_allow_insecure: z.boolean(),
  passkey_user_verification: z.string(),
  passkey_attachment: z.string(),
  api_info_enabled: z.boolean(),
  uptime_kuma_enabled: z.boolean(),
  announcements_enabled: z.boolean(),
  faq_enabled: z.boolean(),
  HeaderNavModules: z.string(),
  SidebarModulesAdmin: z.string(),
  user_agreement_enabled: z.boolean(),
  privacy_policy_enabled: z.boolean(),
  checkin_enabled: z.boolean(),
})
export type Status = z.infer<typeof statusSchema>

/** The reference's console features this gateway does not have: /api/status always reports them off. */
export const statusFeaturesOff = {
  api_info_enabled: false,
  uptime_kuma_enabled: false,
  announcements_enabled: false,
  faq_enabled: false,
  HeaderNavModules: '',
  SidebarModulesAdmin: '',
  user_agreement_enabled: false,
  privacy_policy_enabled: false,
  checkin_enabled: false,
} as const satisfies Partial<Status>

/** GET /api/setup */
export const setupStateSchema = z.object({
  status: z.boolean(),
  root_init: z.boolean(),
  database_type: z.enum(['sqlite', 'mysql', 'postgres']),
})
export type SetupState = z.infer<typeof setupStateSchema>
