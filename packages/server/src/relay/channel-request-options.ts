import type { ChannelOtherSettings, ChannelSetting } from '@gateway/shared'
import type { RelayRequest } from './parse-request.ts'

/**
 * The request as one channel's options want it (see channel-options.ts in @gateway/shared for the
 * list and what is not acted on): its system prompt, and the fields it does not let through.
 * Works on the client's protocol, before any conversion, and on a copy: the next channel of a
 * retry starts from the client's request again. Answers the request itself when nothing changes,
 * so the client's bytes can still be sent as they came.
 */
export function applyChannelOptions(
  request: RelayRequest,
  channel: { setting: ChannelSetting; settings: ChannelOtherSettings }
): RelayRequest {
  // Pass-through sends the client's body untouched; uploads are forms, not JSON.
  if (channel.setting.pass_through_body_enabled === true || request.multipart) return request
  let body = request.body
  const prompt = typeof channel.setting.system_prompt === 'string' ? channel.setting.system_prompt : ''
  if (prompt !== '')
    body = withSystemPrompt(request.endpoint, body, prompt, channel.setting.system_prompt_override === true)
  body = withoutDisabledFields(body, channel.settings)
  return body === request.body ? request : { ...request, body, rawBody: '' }
}

type Body = Record<string, unknown>

/**
 * Adds the channel's system prompt where the request has none; with `override`, puts it in front of
 * the request's own (a line of its own in text, a first part in a list), as the reference does.
 */
function withSystemPrompt(endpoint: RelayRequest['endpoint'], body: Body, prompt: string, override: boolean): Body {
  if (endpoint === 'chat' && Array.isArray(body.messages)) {
    const messages = body.messages as Body[]
    const index = messages.findIndex((m) => m?.role === 'system' || m?.role === 'developer')
    if (index === -1) return { ...body, messages: [{ role: 'system', content: prompt }, ...messages] }
    if (!override) return body
    const message = messages[index] as Body
    const content =
      typeof message.content === 'string'
        ? `${prompt}\n${message.content}`
        : [{ type: 'text', text: prompt }, ...(Array.isArray(message.content) ? message.content : [])]
    return { ...body, messages: messages.map((m, i) => (i === index ? { ...message, content } : m)) }
  }
  if (endpoint === 'messages') {
    const system = body.system
    const empty =
      system === undefined || system === null || system === '' || (Array.isArray(system) && system.length === 0)
    if (empty) return { ...body, system: prompt }
    if (!override) return body
    if (typeof system === 'string') return { ...body, system: `${prompt}\n${system}` }
    return Array.isArray(system) ? { ...body, system: [{ type: 'text', text: prompt }, ...system] } : body
  }
  if (endpoint === 'responses') {
    const instructions = typeof body.instructions === 'string' ? body.instructions : ''
    if (instructions === '') return { ...body, instructions: prompt }
    return override ? { ...body, instructions: `${prompt}\n${instructions}` } : body
  }
  if (endpoint === 'gemini') {
    // Google accepts both spellings; the one the client used is kept.
    const key =
      body.system_instruction !== undefined && body.systemInstruction === undefined
        ? 'system_instruction'
        : 'systemInstruction'
    const current = body[key] as { parts?: unknown } | undefined
    const parts = Array.isArray(current?.parts) ? (current.parts as unknown[]) : []
    if (parts.length === 0) return { ...body, [key]: { ...current, parts: [{ text: prompt }] } }
    return override ? { ...body, [key]: { ...current, parts: [{ text: prompt }, ...parts] } } : body
  }
  return body
}

/** Request fields an upstream may bill or act on against the operator; each passes only when the channel allows it. */
const GUARDED_FIELDS = [
  ['service_tier', 'allow_service_tier'],
  ['inference_geo', 'allow_inference_geo'],
  ['speed', 'allow_speed'],
  ['safety_identifier', 'allow_safety_identifier'],
] as const satisfies readonly (readonly [string, keyof ChannelOtherSettings])[]

function withoutDisabledFields(body: Body, settings: ChannelOtherSettings): Body {
  let next = body
  const drop = (field: string) => {
    if (next === body) next = { ...body }
    delete next[field]
  }
  for (const [field, allowedBy] of GUARDED_FIELDS) {
    if (field in body && settings[allowedBy] !== true) drop(field)
  }
  if ('store' in body && settings.disable_store === true) drop('store')
  const streamOptions = body.stream_options
  if (
    streamOptions &&
    typeof streamOptions === 'object' &&
    'include_obfuscation' in streamOptions &&
    settings.allow_include_obfuscation !== true
  ) {
    const { include_obfuscation: _, ...rest } = streamOptions as Body
    if (next === body) next = { ...body }
    if (Object.keys(rest).length === 0) delete next.stream_options
    else next.stream_options = rest
  }
  return next
}
