import { fillParams, type Language } from '../i18n/messages.ts'

/**
 * Messages of the relay's OpenAI-shaped errors, in both languages (the client's Accept-Language
 * picks; DEFAULT_LANGUAGE otherwise). Kept apart from the console's dictionary because SDK users
 * read these. Placeholders are written {name}.
 */
export const relayMessages = {
  'token.missing': { zh: '未提供令牌', en: 'No API key provided' },
  'token.invalid': { zh: '无效的令牌', en: 'Invalid API key' },
  'token.exhausted': { zh: '该令牌额度已用尽', en: 'This API key has no quota left' },
  'token.expired': { zh: '该令牌已过期', en: 'This API key has expired' },
  'token.unavailable': { zh: '该令牌状态不可用', en: 'This API key is disabled' },
  'token.ip_not_allowed': {
    zh: '您的 IP 不在令牌允许访问的列表中',
    en: 'Your IP address is not allowed to use this API key',
  },
  'token.model_not_allowed': { zh: '该令牌无权访问模型 {model}', en: 'This API key may not use the model {model}' },
  'token.no_models_allowed': { zh: '该令牌无权访问任何模型', en: 'This API key may not use any model' },
  'token.channel_pin_forbidden': { zh: '普通用户不支持指定渠道', en: 'Only administrators may pin a channel' },
  'token.channel_pin_invalid': { zh: '无效的渠道 Id', en: 'Invalid channel id' },
  'token.channel_pin_disabled': { zh: '该渠道已被禁用', en: 'This channel is disabled' },
  'user.banned': { zh: '用户已被封禁', en: 'This user is banned' },
  'group.forbidden': {
    zh: '令牌分组 {group} 已被禁用',
    en: 'The group {group} of this API key is not available to you',
  },
  'group.deprecated': { zh: '分组 {group} 已被弃用', en: 'The group {group} no longer exists' },
  'playground.group_forbidden': { zh: '无权访问该分组', en: 'You may not use this group' },
  'playground.access_token': {
    zh: '暂不支持使用 access token',
    en: 'The playground needs a console session, not an access token',
  },
  'request.invalid_json': { zh: '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  'request.model_required': { zh: '未指定模型名称', en: 'The model field is required' },
  'request.messages_required': { zh: 'messages 不能为空', en: 'The messages field is required' },
  'request.prompt_required': { zh: 'prompt 不能为空', en: 'The prompt field is required' },
  'request.input_required': { zh: 'input 不能为空', en: 'The input field is required' },
  'request.max_tokens_invalid': { zh: 'max_tokens 不合法', en: 'max_tokens is out of range' },
  'request.max_tokens_required': { zh: 'max_tokens 为必填项', en: 'max_tokens: Field required' },
  'request.multipart_required': {
    zh: '请求体必须是 multipart/form-data',
    en: 'The request body must be multipart/form-data',
  },
  'request.file_required': { zh: '缺少上传文件字段 {field}', en: 'The upload field {field} is missing' },
  'request.rerank_input_required': { zh: 'query 和 documents 为必填项', en: 'query and documents are required' },
  'request.image_size_invalid': {
    zh: '图片尺寸或数量不合法（size 形如 1024x1024，n 为 1–10）',
    en: 'Invalid image size or count (size like 1024x1024, n from 1 to 10)',
  },
  'request.limit_invalid': { zh: 'limit 须为 1 到 1000 之间的整数', en: 'limit must be an integer from 1 to 1000' },
  'request.too_large': { zh: '请求体过大', en: 'The request body is too large' },
  'request.not_implemented': { zh: '接口未实现', en: 'API not implemented' },
  'request.unknown_route': { zh: '无效的接口 ({method} {path})', en: 'Invalid URL ({method} {path})' },
  'request.page_token_invalid': { zh: 'pageToken 或 pageSize 不合法', en: 'pageToken or pageSize is invalid' },
  'responses.previous_not_found': {
    zh: "未找到 id 为 '{id}' 的上一个响应。",
    en: "Previous response with id '{id}' not found.",
  },
  'responses.not_found': { zh: "未找到 id 为 '{id}' 的响应。", en: "Response with id '{id}' not found." },
  'responses.state_off': {
    zh: "未找到 id 为 '{id}' 的上一个响应：本网关不为此渠道保存响应状态，请在 input 中发送完整对话。",
    en: "Previous response with id '{id}' not found: this gateway keeps no response state for channels that speak only Chat Completions; send the whole conversation in input instead.",
  },
  'model.not_found': { zh: '模型 {model} 不存在', en: 'The model {model} does not exist' },
  'model.unpriced': {
    zh: '模型 {model} 倍率或价格未配置，请联系管理员设置',
    en: 'The model {model} has no price; ask the administrator to set one',
  },
  'model.no_channel': {
    zh: '分组 {group} 下没有渠道提供模型 {model}',
    en: 'No channel serves the model {model} in the group {group}',
  },
  'channel.none': {
    zh: '当前分组 {group} 下对于模型 {model} 无可用渠道',
    en: 'No channel is available for the model {model} in the group {group}',
  },
  'quota.user_insufficient': { zh: '用户额度不足', en: 'Your quota is not enough for this request' },
  'quota.token_insufficient': { zh: '令牌额度不足', en: 'This API key has not enough quota left for this request' },
  'quota.user_short': {
    zh: '用户额度不足：余额 {balance}，此请求至少需要 {need}',
    en: 'Your quota is not enough for this request: the balance is {balance}, the request needs at least {need}',
  },
  'quota.token_short': {
    zh: '令牌额度不足：剩余 {balance}，此请求至少需要 {need}',
    en: 'This API key has not enough quota left: {balance} remains, the request needs at least {need}',
  },
  'request.internal': { zh: '网关内部错误', en: 'The gateway failed to handle the request' },
  'db.unavailable': {
    zh: '数据库暂时不可用，请稍后重试',
    en: 'The database is unavailable right now; please retry shortly',
  },
  'upstream.failed': { zh: '请求上游地址失败', en: 'The upstream request failed' },
  'upstream.timeout': { zh: '上游响应超时', en: 'The upstream did not answer in time' },
  'upstream.saturated': {
    zh: '当前分组上游负载已饱和，请稍后再试',
    en: 'The upstream of this group is saturated, try again later',
  },
  'upstream.bad_response': {
    zh: '上游返回了无法解析的响应',
    en: 'The upstream answered something that could not be read',
  },
  'rate.limited': { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, try again later' },
} as const satisfies Record<string, { zh: string; en: string }>

export type RelayMessageKey = keyof typeof relayMessages

export function relayMessage(
  key: RelayMessageKey,
  language: Language,
  params: Record<string, string | number> = {}
): string {
  return fillParams(relayMessages[key][language], params)
}
