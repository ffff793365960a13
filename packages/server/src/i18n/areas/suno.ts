/** Messages of the suno area; merged into the one dictionary in ../messages.ts. */
export const sunoMessages = {
  'suno.action_invalid': { zh: '不支持的任务类型：{action}', en: 'Unsupported task action: {action}' },
  'suno.body_invalid': { zh: '请求体必须是 JSON 对象', en: 'The request body must be a JSON object' },
  'suno.prompt_required': { zh: 'prompt 不能为空', en: 'The prompt field is required' },
  'suno.task_id_required': { zh: '续写需要指定 task_id', en: 'A continuation needs the task_id of the original task' },
  'suno.task_not_found': { zh: '任务不存在', en: 'Task not found' },
  'suno.ids_required': { zh: 'ids 不能为空', en: 'The ids field is required' },
  'suno.ids_too_many': { zh: 'ids 最多 {max} 个', en: 'At most {max} ids per call' },
  'suno.channel_not_suno': { zh: '渠道 #{id} 不是 Suno API 渠道', en: 'Channel #{id} is not a Suno API channel' },
  'suno.channel_disabled': { zh: '该任务所属渠道已被禁用', en: 'The channel of this task is disabled' },
  'suno.upstream_refused': { zh: '上游拒绝了任务：{message}', en: 'The upstream refused the task: {message}' },
  'suno.upstream_no_task_id': { zh: '上游未返回任务 ID', en: 'The upstream returned no task id' },
  'suno.log_submit': {
    zh: '模型价格 {price}，分组倍率 {group}，操作 {action}',
    en: 'Model price {price}, group ratio {group}, action {action}',
  },
  'suno.log_refund': { zh: '异步任务执行失败 {id}，补偿 {quota}', en: 'Async task {id} failed, refunded {quota}' },
  'suno.fail_channel_gone': {
    zh: '任务所属渠道不存在或已不是 Suno 渠道',
    en: 'The channel of this task no longer exists or is no longer a Suno channel',
  },
  'suno.fail_no_task_id': { zh: '任务没有上游 ID', en: 'The task has no upstream id' },
  'suno.fail_timeout': { zh: '任务超时（{minutes} 分钟）', en: 'The task timed out ({minutes} minutes)' },
  'suno.fail_unknown': { zh: '上游报告任务失败', en: 'The upstream reported the task as failed' },
  'suno.task_filter_invalid': { zh: '查询参数 {field} 不合法', en: 'The query parameter {field} is invalid' },
} as const satisfies Record<string, { zh: string; en: string }>
