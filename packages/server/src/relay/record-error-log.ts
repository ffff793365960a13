import { isLogContentKey, LogType, type LogContentFields } from '@gateway/shared'
import type { RelayChannel } from './cache/channel-cache.ts'
import type { Exchange } from './exchange.ts'
import type { RelayError } from './relay-error.ts'

/**
 * ERROR_LOG_ENABLED: one log row of type error (5) per failed attempt on a channel, as the
 * reference records them, so that the console's log page shows which channel failed a user and how.
 * The message is the one the client would see (upstream messages are already sanitised).
 */
export function recordErrorLog(exchange: Exchange, channel: RelayChannel, error: RelayError): void {
  const { services, request } = exchange
  if (!services.env.ERROR_LOG_ENABLED) return
  services.relay.logs.write({
    user_id: exchange.user.id,
    created_at: Math.floor(Date.now() / 1000),
    type: LogType.error,
    content: error.text(services.env.DEFAULT_LANGUAGE),
    username: exchange.user.username,
    token_name: exchange.tokenName,
    model_name: request.model,
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: Math.round((performance.now() - exchange.startedMs) / 1000),
    is_stream: request.stream,
    channel_id: channel.id,
    token_id: exchange.token?.id ?? 0,
    group: exchange.group,
    other: JSON.stringify({
      error_type: error.type,
      error_code: error.code,
      status_code: error.status,
      channel_id: channel.id,
      channel_name: channel.name,
      channel_type: channel.type,
      admin_info: { use_channel: exchange.tried.map(String) },
      ...errorTextFields(error),
    }),
  })
}

/** The key of a failure told in the gateway's own words, so the console shows it in its language; an upstream's text stays as it came. */
function errorTextFields(error: RelayError): LogContentFields {
  const key = error.messageKey ? `relay.${error.messageKey}` : undefined
  return isLogContentKey(key) ? { content_key: key, content_params: error.params } : {}
}
