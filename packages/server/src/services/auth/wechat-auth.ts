import { AppError } from '../../errors/app-error.ts'
import { createOutboundPolicy } from '../../lib/outbound/address-policy.ts'
import { guardedFetch } from '../../lib/outbound/guarded-fetch.ts'
import type { Services } from '../container.ts'

const rootChosenPolicy = createOutboundPolicy('channel', true)

/**
 * Resolves a WeChat login code through the configured WeChat server (the separate service that
 * owns the official account): `{WeChatServerAddress}/api/wechat/user?code=` with the server token
 * as Authorization, answering `{success, message, data: <wechat id>}`. The address is set by the
 * root, so it may be on the local network (the root's decision, as for a channel it allows private
 * addresses); metadata and reserved ranges stay closed as for every outbound call.
 */
export async function resolveWeChatId(services: Services, code: string): Promise<string> {
  const { options } = services
  if (!code) throw new AppError('BAD_REQUEST', 'account.wechat_code_invalid')
  const base = options.get('WeChatServerAddress').replace(/\/+$/, '')
  const url = `${base}/api/wechat/user?${new URLSearchParams({ code })}`
  let body: { success?: boolean; message?: string; data?: unknown }
  try {
    const response = await guardedFetch(
      url,
      { headers: { authorization: options.get('WeChatServerToken'), accept: 'application/json' } },
      { policy: rootChosenPolicy, timeoutMs: 10_000, maxRedirects: 0, maxBytes: 64 * 1024 }
    )
    body = (await response.json()) as typeof body
  } catch (error) {
    services.logger.warn({ err: String(error) }, 'wechat server unreachable')
    throw new AppError('BAD_REQUEST', 'account.oauth_provider_failed', { provider: 'WeChat' }, { cause: error })
  }
  const id = typeof body?.data === 'string' ? body.data : ''
  if (!body?.success || !id) throw new AppError('BAD_REQUEST', 'account.wechat_code_invalid')
  return id.slice(0, 128)
}
