import type { Log } from '@gateway/shared'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { LogDetails } from './log-details'

const log: Log = {
  id: 1,
  user_id: 2,
  created_at: 1_700_000_000,
  type: 1,
  content: '通过兑换码充值 $5，兑换码ID 7',
  username: 'alice',
  token_name: '',
  model_name: '',
  quota: 2_500_000,
  prompt_tokens: 0,
  completion_tokens: 0,
  use_time: 0,
  is_stream: false,
  channel: 0,
  channel_name: '',
  token_id: 0,
  group: '',
  ip: '',
  request_id: '',
  upstream_request_id: '',
  other: JSON.stringify({ content_key: 'log.redeemed', content_params: { quota: '$5', id: 7 } }),
}
const display = { quotaPerUnit: 500_000, displayInCurrency: true }

describe('LogDetails', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh')
  })

  it('shows the log text in the console language and follows a language switch', async () => {
    await i18n.changeLanguage('en')
    render(<LogDetails log={log} display={display} />)
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toContain('Log')
    expect(screen.getByTestId('log-content').textContent).toBe('Topped up $5 with redemption code #7')
    await act(() => i18n.changeLanguage('zh'))
    expect(screen.getByTestId('log-content').textContent).toBe('通过兑换码充值 $5，兑换码ID 7')
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toContain('日志内容')
  })

  it('shows the stored text of a row written before keys were kept', async () => {
    await i18n.changeLanguage('en')
    render(<LogDetails log={{ ...log, content: '管理员将用户额度从 $1修改为 $2', other: '' }} display={display} />)
    expect(screen.getByTestId('log-content').textContent).toBe('管理员将用户额度从 $1修改为 $2')
  })

  it('does not repeat the text of a consumption row under Log when its first pricing line already says it', async () => {
    await i18n.changeLanguage('en')
    const other = {
      model_ratio: 0.075,
      completion_ratio: 4,
      group_ratio: 1,
      content_key: 'log.consume_ratio',
      content_params: { model: 0.075, completion: 4, group: 1 },
    }
    render(
      <LogDetails
        log={{
          ...log,
          type: 2,
          quota: 12,
          prompt_tokens: 3,
          completion_tokens: 20,
          content: '模型倍率 0.075，补全倍率 4，分组倍率 1',
          other: JSON.stringify(other),
        }}
        display={display}
      />
    )
    expect(screen.getAllByText('Model ratio 0.075, completion ratio 4, group ratio 1')).toHaveLength(1)
    expect(screen.queryByTestId('log-content')).toBeNull()
  })
})
