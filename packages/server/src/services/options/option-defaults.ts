import {
  defaultCacheRatio,
  defaultCompletionRatio,
  defaultModelPrice,
  defaultModelRatio,
} from './model-ratio-defaults.ts'

const json = (value: unknown): string => JSON.stringify(value)

const defaultDisableKeywords = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
].join('\n')

/**
 * Every option key with its default, as strings (booleans as 'true'/'false'). The option store
 * starts from these and overlays the rows of the options table.
 */
export const optionDefaults = {
  // Login and registration
  PasswordLoginEnabled: 'true',
  PasswordRegisterEnabled: 'true',
  EmailVerificationEnabled: 'false',
  RegisterEnabled: 'true',
  EmailDomainRestrictionEnabled: 'false',
  EmailAliasRestrictionEnabled: 'false',
  EmailDomainWhitelist: 'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
  // When true, admin and root accounts must turn on 2FA before any admin route answers them.
  TwoFactorRequiredForAdmins: 'false',
  /** console sessions idle this long (minutes) are ended; 0 for no idle timeout (they still end after 30 days) */
  SessionIdleTimeoutMinutes: '10080',
  // OAuth
  GitHubOAuthEnabled: 'false',
  GitHubClientId: '',
  GitHubClientSecret: '',
  WeChatAuthEnabled: 'false',
  WeChatServerAddress: '',
  WeChatServerToken: '',
  WeChatAccountQRCodeImageURL: '',
  TelegramOAuthEnabled: 'false',
  TelegramBotToken: '',
  TelegramBotName: '',
  LinuxDOOAuthEnabled: 'false',
  LinuxDOClientId: '',
  LinuxDOClientSecret: '',
  // Human check
  TurnstileCheckEnabled: 'false',
  TurnstileSiteKey: '',
  TurnstileSecretKey: '',
  // Mail
  SMTPServer: '',
  SMTPPort: '587',
  SMTPAccount: '',
  SMTPFrom: '',
  SMTPToken: '',
  SMTPSSLEnabled: 'false',
  // Addresses
  // Empty: links and callbacks use the origin the console is reached at (lib/server-address.ts).
  ServerAddress: '',
  WorkerUrl: '',
  WorkerValidKey: '',
  // Payment
  PayAddress: '',
  EpayId: '',
  EpayKey: '',
  CustomCallbackAddress: '',
  Price: '7.3',
  MinTopUp: '1',
  TopupGroupRatio: json({ default: 1, vip: 1, svip: 1 }),
  PayMethods: json([
    { name: '支付宝', color: '#1677ff', type: 'zfb' },
    { name: '微信', color: '#07c160', type: 'wx' },
  ]),
  TopUpLink: '',
  // Branding
  Notice: '',
  SystemName: 'New API',
  Logo: '',
  Footer: '',
  About: '',
  HomePageContent: '',
  'general_setting.docs_link': 'https://docs.newapi.pro',
  ChatLink: '',
  ChatLink2: '',
  // Quota and display
  QuotaPerUnit: '500000',
  RetryTimes: '0',
  /**
   * Hours a Responses exchange served over a chat-only channel can be continued with
   * previous_response_id; 0 stores none. A week by default: OpenAI keeps its own stored responses
   * for 30 days, but here the gateway holds users' conversations in its own database, so a
   * shorter default bounds both that and the table's size, while an agent's tool loop or a chat
   * picked up the next day still continues.
   */
  ResponsesStoreRetentionHours: '168',
  USDExchangeRate: '7.3',
  DisplayInCurrencyEnabled: 'true',
  DisplayTokenStatEnabled: 'true',
  DefaultCollapseSidebar: 'false',
  DemoSiteEnabled: 'false',
  SelfUseModeEnabled: 'false',
  // Drawing and tasks
  DrawingEnabled: 'true',
  TaskEnabled: 'true',
  MjNotifyEnabled: 'false',
  MjAccountFilterEnabled: 'false',
  MjForwardUrlEnabled: 'true',
  MjModeClearEnabled: 'false',
  MjActionCheckSuccessEnabled: 'true',
  // Sensitive words
  CheckSensitiveEnabled: 'true',
  CheckSensitiveOnPromptEnabled: 'true',
  StopOnSensitiveEnabled: 'true',
  SensitiveWords: 'test_sensitive',
  // Logging and dashboard
  LogConsumeEnabled: 'true',
  DataExportEnabled: 'true',
  DataExportInterval: '5',
  DataExportDefaultTime: 'hour',
  // Channels
  /** when true, admins may also create, edit and delete channels; otherwise that is the root's alone */
  AdminChannelWriteEnabled: 'false',
  // Monitoring
  ChannelDisableThreshold: '5',
  QuotaRemindThreshold: '1000',
  AutomaticDisableChannelEnabled: 'false',
  AutomaticEnableChannelEnabled: 'false',
  AutomaticDisableKeywords: defaultDisableKeywords,
  // Quota
  QuotaForNewUser: '0',
  PreConsumedQuota: '500',
  /** output tokens a request without max_tokens is reserved for, per choice (lowered to what a small balance affords) */
  ReserveOutputTokens: '16384',
  QuotaForInviter: '0',
  QuotaForInvitee: '0',
  // Rate limits of the relay
  ModelRequestRateLimitEnabled: 'false',
  ModelRequestRateLimitDurationMinutes: '1',
  ModelRequestRateLimitCount: '0',
  ModelRequestRateLimitSuccessCount: '1000',
  // Groups
  GroupRatio: json({ default: 1, vip: 1, svip: 1 }),
  UserUsableGroups: json({ default: '默认分组', vip: 'vip分组' }),
  GroupGroupRatio: json({ vip: { edit_this: 0.9 } }),
  AutoGroups: json(['default']),
  DefaultUseAutoGroup: 'false',
  // Pricing
  ModelPrice: json(defaultModelPrice),
  ModelRatio: json(defaultModelRatio),
  CompletionRatio: json(defaultCompletionRatio),
  CacheRatio: json(defaultCacheRatio),
  // Chat client deep links shown in the console
  Chats: json([]),
  // Outbound requests: channel base URLs may reach local model servers on loopback and private
  // networks; URLs that users supply (webhooks, image URLs) may not. Metadata addresses never.
  ChannelPrivateNetworkAllowed: 'false',
  // Prometheus metrics at /metrics: off (404), token (Authorization: Bearer MetricsToken) or public
  MetricsAccess: 'off',
  MetricsToken: '',
  UserUrlPrivateNetworkAllowed: 'false',
} as const satisfies Record<string, string>

export type OptionKey = keyof typeof optionDefaults

export const isOptionKey = (key: string): key is OptionKey => Object.hasOwn(optionDefaults, key)

/**
 * Keys whose values are secrets: never listed by GET /api/option/ (write-only from the console).
 * The reference hides every key ending in Token, Secret or Key; the Turnstile site key is public.
 */
export const isSecretOptionKey = (key: string): boolean => /(Token|Secret|Key)$/.test(key) && key !== 'TurnstileSiteKey'
