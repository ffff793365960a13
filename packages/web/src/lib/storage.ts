/**
 * Every localStorage key the console uses, named as the spec's "local session data" lists them
 * (they must stay compatible with the reference console's keys).
 */
export const storageKeys = {
  user: 'user',
  status: 'status',
  systemName: 'system_name',
  logo: 'logo',
  footerHtml: 'footer_html',
  quotaPerUnit: 'quota_per_unit',
  displayInCurrency: 'display_in_currency',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  enableDataExport: 'enable_data_export',
  chats: 'chats',
  payMethods: 'pay_methods',
  dataExportDefaultTime: 'data_export_default_time',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  mjNotifyEnabled: 'mj_notify_enabled',
  chatLink: 'chat_link',
  chatLink2: 'chat_link2',
  docsLink: 'docs_link',
  channelModels: 'channel_models',
  aff: 'aff',
  pageSize: 'page-size',
  themeMode: 'theme-mode',
  modelsExpanded: 'modelsExpanded',
  language: 'i18nextLng',
  sidebarCollapsed: 'sidebar-collapsed',
} as const

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys]

// localStorage throws in some privacy modes; the console must keep working without persistence.
export function readItem(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    /* persistence is best effort */
  }
}

export function removeItem(key: StorageKey): void {
  try {
    localStorage.removeItem(key)
  } catch {
    /* persistence is best effort */
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readItem(key)
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeItem(key, JSON.stringify(value))
}
