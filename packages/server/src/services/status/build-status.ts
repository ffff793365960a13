import { statusFeaturesOff, type Status } from '@gateway/shared'
import type { Services } from '../container.ts'

/**
 * GET /api/status: the public flags the console needs before anyone signs in. No secret is read here.
 * `serverAddress` is the effective one (the stored option, or the origin of this request when unset).
 */
export function buildStatus(services: Services, serverAddress: string): Status {
  const o = services.options
  const exportTime = o.get('DataExportDefaultTime')
  return {
    version: services.version,
    start_time: services.startTime,
    system_name: o.get('SystemName'),
    logo: o.get('Logo'),
    footer_html: o.get('Footer'),
    server_address: serverAddress,
    quota_per_unit: o.number('QuotaPerUnit'),
    display_in_currency: o.bool('DisplayInCurrencyEnabled'),
    display_token_stat: o.bool('DisplayTokenStatEnabled'),
    email_verification: o.bool('EmailVerificationEnabled'),
    turnstile_check: o.bool('TurnstileCheckEnabled'),
    turnstile_site_key: o.get('TurnstileSiteKey'),
    github_oauth: o.bool('GitHubOAuthEnabled'),
    github_client_id: o.get('GitHubClientId'),
    wechat_login: o.bool('WeChatAuthEnabled'),
    wechat_qrcode: o.get('WeChatAccountQRCodeImageURL'),
    telegram_oauth: o.bool('TelegramOAuthEnabled'),
    telegram_bot_name: o.get('TelegramBotName'),
    linuxdo_oauth: o.bool('LinuxDOOAuthEnabled'),
    linuxdo_client_id: o.get('LinuxDOClientId'),
    docs_link: o.get('general_setting.docs_link'),
    chat_link: o.get('ChatLink'),
    chat_link2: o.get('ChatLink2'),
    chats: o.json<Record<string, string>[]>('Chats'),
    pay_methods: o.json<Record<string, string>[]>('PayMethods'),
    price: o.number('Price'),
    min_topup: o.number('MinTopUp'),
    top_up_link: o.get('TopUpLink'),
    enable_online_topup: o.get('PayAddress') !== '' && o.get('EpayId') !== '' && o.get('EpayKey') !== '',
    enable_batch_update: false,
    enable_drawing: o.bool('DrawingEnabled'),
    enable_task: o.bool('TaskEnabled'),
    enable_data_export: o.bool('DataExportEnabled'),
    data_export_default_time: exportTime === 'day' || exportTime === 'week' ? exportTime : 'hour',
    default_collapse_sidebar: o.bool('DefaultCollapseSidebar'),
    mj_notify_enabled: o.bool('MjNotifyEnabled'),
    self_use_mode_enabled: o.bool('SelfUseModeEnabled'),
    demo_site_enabled: o.bool('DemoSiteEnabled'),
    default_use_auto_group: o.bool('DefaultUseAutoGroup'),
    password_login_enabled: o.bool('PasswordLoginEnabled'),
    password_register_enabled: o.bool('PasswordRegisterEnabled'),
    register_enabled: o.bool('RegisterEnabled'),
    admin_channel_write_enabled: o.bool('AdminChannelWriteEnabled'),
    root_default_password: services.setup.rootDefaultPassword,
    setup: services.setup.done,
    ...referenceFields(services, serverAddress),
  }
}

/** The rest of the reference's status fields; what this gateway does not have is off or empty. */
function referenceFields(services: Services, serverAddress: string) {
  const o = services.options
  return {
    theme: 'default',
    quota_display_type: o.bool('DisplayInCurrencyEnabled') ? ('USD' as const) : ('TOKENS' as const),
    custom_currency_symbol: '¤',
    custom_currency_exchange_rate: 1,
    usd_exchange_rate: o.number('USDExchangeRate'),
    stripe_unit_price: 0,
    discord_oauth: false,
    discord_client_id: '',
    linuxdo_minimum_trust_level: 0,
    oidc_enabled: false,
    oidc_client_id: '',
    oidc_authorization_endpoint: '',
    oidc_display_name: '',
    // Passkeys are always offered; the relying party is the host the browser uses, which the
    // reference derives from ServerAddress too when none is set.
    passkey_login: true,
    passkey_display_name: o.get('SystemName'),
    passkey_rp_id: hostOf(serverAddress),
    passkey_origins: serverAddress,
    passkey_allow_insecure: false,
    passkey_user_verification: 'required',
    passkey_attachment: '',
    ...statusFeaturesOff,
  }
}

function hostOf(address: string): string {
  try {
    return new URL(address).host
  } catch {
    return address
  }
}
