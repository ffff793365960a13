/** Messages of the dashboard area; merged into the one dictionary in ../messages.ts. */
export const dashboardMessages = {
  'dashboard.invalid_timestamp': {
    zh: '{field} 必须是非负整数（Unix 时间戳，单位秒）',
    en: '{field} must be a non-negative integer (a Unix timestamp in seconds)',
  },
  'dashboard.range_reversed': {
    zh: '结束时间不能早于开始时间',
    en: 'The end time cannot be earlier than the start time',
  },
  'dashboard.span_too_long': { zh: '时间跨度不能超过 1 个月', en: 'The time span cannot exceed 1 month' },
  'dashboard.username_too_long': {
    zh: '用户名长度不能超过 64 个字符',
    en: 'The username must be at most 64 characters',
  },
} as const satisfies Record<string, { zh: string; en: string }>
