import { formatQuota } from '@gateway/shared'
import { HOSTED } from '../../cluster/hosted-names.ts'
import type { WorkerLink } from '../../cluster/worker-link.ts'
import { translate, type Language } from '../../i18n/messages.ts'
import type { Logger } from '../../lib/logger.ts'
import { bounded, type RedisClient } from '../../lib/redis.ts'
import type { OptionStore } from '../options/option-store.ts'
import type { NotificationTransport } from './deliver-notification.ts'
import { readNotifySettings, type Notification } from './notification.ts'

/** At most one quota warning per user in this window (the spec: once per 2 hours). */
export const QUOTA_WARNING_INTERVAL_SECONDS = 2 * 3600

export interface QuotaWarningUser {
  id: number
  email: string
  setting: Record<string, unknown>
}

/**
 * Warns a user whose balance fell below their threshold (their own, else QuotaRemindThreshold):
 * by email or by webhook, at most once per interval per user (shared through Redis when there is one).
 */
export class QuotaWarnings {
  private readonly lastSent = new Map<number, number>()
  private readonly options: OptionStore
  private readonly transport: NotificationTransport
  private readonly logger: Logger
  private readonly redis: RedisClient | undefined
  private readonly shared: WorkerLink | undefined
  private readonly prefix: string
  private readonly language: Language

  constructor(deps: {
    options: OptionStore
    transport: NotificationTransport
    logger: Logger
    redis?: RedisClient
    /** the cluster primary, which keeps the claims of every worker when there is no Redis */
    shared?: WorkerLink
    prefix: string
    language: Language
  }) {
    this.options = deps.options
    this.transport = deps.transport
    this.logger = deps.logger
    this.redis = deps.redis
    this.shared = deps.shared
    this.prefix = deps.prefix
    this.language = deps.language
  }

  /** Whether a warning could be sent to this user now (cheap: lets callers skip reading the balance). */
  mayWarn(userId: number, now: number): boolean {
    const last = this.lastSent.get(userId)
    return last === undefined || now - last >= QUOTA_WARNING_INTERVAL_SECONDS
  }

  /** Called after a charge with the balance before and after it. */
  async check(user: QuotaWarningUser, before: number, after: number, now: number): Promise<boolean> {
    const settings = readNotifySettings(user.setting, user.email)
    const threshold = settings.threshold ?? this.options.number('QuotaRemindThreshold')
    if (!(before >= threshold && after < threshold) || !this.mayWarn(user.id, now)) return false
    if (!(await this.claim(user.id, now))) return false
    const display = {
      quotaPerUnit: this.options.number('QuotaPerUnit'),
      displayInCurrency: this.options.bool('DisplayInCurrencyEnabled'),
    }
    const notification: Notification = {
      type: 'quota_exceed',
      title: translate('notify.quota_title', this.language),
      content: translate('notify.quota_content', this.language),
      values: [formatQuota(after, display), formatQuota(threshold, display)],
      timestamp: now,
    }
    try {
      if (settings.notifyType === 'webhook')
        await this.transport.webhook(settings.webhookUrl, settings.webhookSecret, notification)
      else await this.transport.email(settings.email, notification)
      return true
    } catch (error) {
      this.logger.warn(
        { user: user.id, via: settings.notifyType, err: error instanceof Error ? error.message : String(error) },
        'quota warning not delivered'
      )
      return false
    }
  }

  /** Takes this user's slot for the interval, on every instance when Redis is there. */
  private async claim(userId: number, now: number): Promise<boolean> {
    this.lastSent.set(userId, now)
    if (this.shared)
      return this.shared.call<boolean>(HOSTED.once, 'claim', [
        `quota-warning:${userId}`,
        QUOTA_WARNING_INTERVAL_SECONDS * 1000,
      ])
    const redis = this.redis
    if (!redis) return true
    try {
      const taken = await bounded(redis, () =>
        redis.set(`${this.prefix}:quota-warning:${userId}`, String(now), {
          NX: true,
          EX: QUOTA_WARNING_INTERVAL_SECONDS,
        })
      )
      return taken === 'OK'
    } catch {
      // Redis is away: this instance's own record keeps its rate; another instance may warn once more.
      return true
    }
  }
}
