/** Messages of the midjourney area; merged into the one dictionary in ../messages.ts. */
export const midjourneyMessages = {
  'midjourney.invalid_body': { zh: '请求体必须是 JSON 对象', en: 'The request body must be a JSON object' },
  'midjourney.unknown_route': { zh: '无效的 Midjourney 接口：{path}', en: 'Unknown Midjourney route: {path}' },
  'midjourney.unknown_action': { zh: '无法识别的绘图操作', en: 'Unknown drawing action' },
  'midjourney.task_id_required': { zh: '缺少 taskId', en: 'taskId is required' },
  'midjourney.prompt_required': { zh: 'prompt 不能为空', en: 'The prompt must not be empty' },
  'midjourney.task_not_found': { zh: '任务不存在：{id}', en: 'Task not found: {id}' },
  'midjourney.task_not_success': { zh: '原任务尚未成功，不能继续操作', en: 'The original task has not succeeded yet' },
  'midjourney.origin_channel_unavailable': {
    zh: '原任务所在的渠道已不可用',
    en: 'The channel of the original task is no longer available',
  },
  'midjourney.channel_not_mj': {
    zh: '渠道 #{id} 不是 Midjourney Proxy 渠道',
    en: 'Channel #{id} is not a Midjourney Proxy channel',
  },
  'midjourney.channel_base_url_invalid': { zh: '渠道 #{id} 的地址无效', en: 'Channel #{id} has an invalid base URL' },
  'midjourney.quota_not_enough': { zh: '用户额度不足', en: 'Your quota is not enough for this task' },
  'midjourney.token_quota_not_enough': {
    zh: '令牌额度不足',
    en: 'This API key has not enough quota left for this task',
  },
  'midjourney.upstream_failed': { zh: '请求上游地址失败', en: 'The upstream request failed' },
  'midjourney.upstream_status': { zh: '上游返回状态码 {status}', en: 'The upstream answered with status {status}' },
  'midjourney.upstream_bad_answer': {
    zh: '上游返回了无法解析的响应',
    en: 'The upstream answered something that could not be read',
  },
  'midjourney.too_many_ids': { zh: '一次最多查询 {max} 个任务', en: 'At most {max} tasks can be queried at once' },
  'midjourney.ids_invalid': { zh: 'ids 必须是任务 ID 列表', en: 'ids must be a list of task ids' },
  'midjourney.image_not_found': { zh: '图片不存在', en: 'Image not found' },
  'midjourney.image_failed': { zh: '获取图片失败', en: 'The image could not be fetched' },
  'midjourney.fail_no_task_id': { zh: '任务没有上游 ID', en: 'The task has no upstream id' },
  'midjourney.fail_channel_gone': { zh: '渠道 #{id} 已被删除', en: 'Channel #{id} was deleted' },
  'midjourney.fail_timeout': { zh: '上游任务超时（超过 1 小时）', en: 'The upstream task timed out (over 1 hour)' },
  'midjourney.refund_log': { zh: '构图失败 {id}，补偿 {quota}', en: 'Drawing {id} failed, refunded {quota}' },
} as const satisfies Record<string, { zh: string; en: string }>
