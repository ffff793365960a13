/** Messages of multi-key channels and their key manager; merged into the one dictionary in ../messages.ts. */
export const channelKeysMessages = {
  'channel.add_mode_invalid': { zh: '不支持的添加模式', en: 'Unsupported add mode' },
  'channel.multi_key_mode_invalid': {
    zh: '多密钥模式只能是随机或轮询',
    en: 'The multi-key mode must be random or polling',
  },
  'channel.multi_key_action_invalid': { zh: '不支持的操作', en: 'Unsupported action' },
  'channel.vertex_keys_invalid': {
    zh: '批量添加 Vertex AI 必须使用标准的JsonArray格式，例如[{key1}, {key2}...]，请检查输入',
    en: 'Several Vertex AI keys must be a JSON array, such as [{key1}, {key2}, ...]',
  },
  'channel.not_multi_key': { zh: '该渠道不是多密钥模式', en: 'This channel does not hold several keys' },
  'channel.key_index_required': { zh: '未指定密钥索引', en: 'No key index given' },
  'channel.key_index_out_of_range': { zh: '密钥索引超出范围', en: 'The key index is out of range' },
  'channel.last_key': { zh: '不能删除最后一个密钥', en: 'The last key cannot be deleted' },
  'channel.no_key_to_disable': { zh: '没有可禁用的密钥', en: 'No key is enabled' },
  'channel.no_auto_disabled_keys': { zh: '没有需要删除的自动禁用密钥', en: 'No key was disabled automatically' },
  'channel.key_enabled': { zh: '密钥已启用', en: 'The key is enabled' },
  'channel.key_disabled': { zh: '密钥已禁用', en: 'The key is disabled' },
  'channel.key_deleted': { zh: '密钥已删除', en: 'The key is deleted' },
  'channel.keys_enabled': { zh: '已启用 {count} 个密钥', en: '{count} keys enabled' },
  'channel.keys_disabled': { zh: '已禁用 {count} 个密钥', en: '{count} keys disabled' },
  'channel.keys_deleted': { zh: '已删除 {count} 个自动禁用的密钥', en: '{count} automatically disabled keys deleted' },
  'channel.no_enabled_key': { zh: '该渠道没有可用的密钥', en: 'This channel has no enabled key' },
} as const satisfies Record<string, { zh: string; en: string }>
