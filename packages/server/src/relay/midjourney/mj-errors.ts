import type { MessageKey } from '../../i18n/messages.ts'
import { MJ_LOCAL_ERROR_CODE } from './mj-actions.ts'

/**
 * A refusal on the Midjourney surface, answered in the proxy's own shape
 * `{code, description, type}` (what Midjourney clients read), with a real HTTP status.
 */
export class MjError extends Error {
  readonly status: number
  readonly code: number
  readonly messageKey: MessageKey
  readonly params: Record<string, string | number>
  readonly type: 'new_api_error' | 'upstream_error'

  constructor(
    status: number,
    messageKey: MessageKey,
    params: Record<string, string | number> = {},
    options: { code?: number; type?: MjError['type'] } = {}
  ) {
    super(messageKey)
    this.status = status
    this.messageKey = messageKey
    this.params = params
    this.code = options.code ?? MJ_LOCAL_ERROR_CODE
    this.type = options.type ?? 'new_api_error'
  }
}
