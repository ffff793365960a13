import { DEFAULT_QUOTA_PER_UNIT, statusFeaturesOff, type Status } from '@gateway/shared'
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from './api-client'
import { readJson, storageKeys, writeItem, writeJson } from './storage'

/** What the console assumes until GET /api/status answers (spec: default name 'New API', logo /logo.png). */
export const defaultStatus: Status = {
  version: '',
  start_time: 0,
  system_name: 'New API',
  logo: '/logo.png',
  footer_html: '',
  server_address: '',
  quota_per_unit: DEFAULT_QUOTA_PER_UNIT,
  display_in_currency: true,
  display_token_stat: true,
  email_verification: false,
  turnstile_check: false,
  turnstile_site_key: '',
  github_oauth: false,
  github_client_id: '',
  wechat_login: false,
  wechat_qrcode: '',
  telegram_oauth: false,
  telegram_bot_name: '',
  linuxdo_oauth: false,
  linuxdo_client_id: '',
  docs_link: '',
  chat_link: '',
  chat_link2: '',
  chats: [],
  pay_methods: [],
  price: 7.3,
  min_topup: 1,
  top_up_link: '',
  enable_online_topup: false,
  enable_batch_update: false,
  enable_drawing: false,
  enable_task: false,
  enable_data_export: false,
  data_export_default_time: 'hour',
  default_collapse_sidebar: false,
  mj_notify_enabled: false,
  self_use_mode_enabled: false,
  demo_site_enabled: false,
  default_use_auto_group: false,
  password_login_enabled: true,
  password_register_enabled: true,
  register_enabled: true,
  admin_channel_write_enabled: false,
  root_default_password: false,
  setup: true,
  theme: 'default',
  quota_display_type: 'USD',
  custom_currency_symbol: '¤',
  custom_currency_exchange_rate: 1,
  usd_exchange_rate: 7.3,
  stripe_unit_price: 0,
  discord_oauth: false,
  discord_client_id: '',
  linuxdo_minimum_trust_level: 0,
  oidc_enabled: false,
  oidc_client_id: '',
  oidc_authorization_endpoint: '',
  oidc_display_name: '',
  passkey_login: true,
  passkey_display_name: 'New API',
  passkey_rp_id: '',
  passkey_origins: '',
  passkey_allow_insecure: false,
  passkey_user_verification: 'required',
  passkey_attachment: '',
  ...statusFeaturesOff,
}

/** Mirrors the status into the individual keys other screens (and the reference console) read. */
export function mirrorStatus(status: Status): void {
  writeJson(storageKeys.status, status)
  writeItem(storageKeys.systemName, status.system_name)
  writeItem(storageKeys.logo, status.logo)
  writeItem(storageKeys.footerHtml, status.footer_html)
  writeItem(storageKeys.quotaPerUnit, String(status.quota_per_unit))
  writeItem(storageKeys.displayInCurrency, String(status.display_in_currency))
  writeItem(storageKeys.enableDrawing, String(status.enable_drawing))
  writeItem(storageKeys.enableTask, String(status.enable_task))
  writeItem(storageKeys.enableDataExport, String(status.enable_data_export))
  writeJson(storageKeys.chats, status.chats)
  writeJson(storageKeys.payMethods, status.pay_methods)
  writeItem(storageKeys.dataExportDefaultTime, status.data_export_default_time)
  writeItem(storageKeys.defaultCollapseSidebar, String(status.default_collapse_sidebar))
  writeItem(storageKeys.mjNotifyEnabled, String(status.mj_notify_enabled))
  writeItem(storageKeys.chatLink, status.chat_link)
  writeItem(storageKeys.chatLink2, status.chat_link2)
  writeItem(storageKeys.docsLink, status.docs_link)
}

/** The last status seen, so a reload paints the right name and menus before the server answers. */
export function readCachedStatus(): Status {
  return { ...defaultStatus, ...readJson<Partial<Status>>(storageKeys.status) }
}

async function fetchStatus(): Promise<Status> {
  // Missing fields (an older or newer server) fall back to defaults instead of breaking the shell.
  const status: Status = { ...defaultStatus, ...(await api.get<Partial<Status>>('/api/status')) }
  mirrorStatus(status)
  if (status.system_name) document.title = status.system_name
  // The admin's logo doubles as the favicon.
  if (status.logo) document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.setAttribute('href', status.logo)
  return status
}

export const statusQueryKey = ['status'] as const

export const statusQuery = queryOptions({
  queryKey: statusQueryKey,
  queryFn: fetchStatus,
  staleTime: 5 * 60_000,
  // Errors are reported once, with the spec's wording, by the root route.
  meta: { silent: true },
  retry: false,
})

/** The server's status flags; falls back to the cached or default status while loading or offline. */
export function useStatus(): Status {
  const { data } = useQuery(statusQuery)
  return data ?? readCachedStatus()
}

/** Fetches the status again, ignoring the cache (after setup or settings changes). */
export function reloadStatus(queryClient: QueryClient): Promise<Status> {
  return queryClient.fetchQuery({ ...statusQuery, staleTime: 0 })
}
