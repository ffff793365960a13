/**
 * The chat endpoint of each ERNIE model on the v1 API
 * (https://cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t, one page per model). Names are matched
 * without regard to case; a name not listed is taken as the endpoint itself, so a model deployed
 * under a custom endpoint works by its endpoint name.
 */
const ENDPOINTS: Record<string, string> = {
  'ernie-4.0-8k': 'completions_pro',
  'ernie-4.0': 'completions_pro',
  'ernie-bot-4': 'completions_pro',
  'ernie-4.0-8k-latest': 'ernie-4.0-8k-latest',
  'ernie-4.0-8k-preview': 'ernie-4.0-8k-preview',
  'ernie-4.0-turbo-8k': 'ernie-4.0-turbo-8k',
  'ernie-4.0-turbo-8k-preview': 'ernie-4.0-turbo-8k-preview',
  'ernie-4.0-turbo-128k': 'ernie-4.0-turbo-128k',
  'ernie-3.5-8k': 'completions',
  'ernie-bot': 'completions',
  'ernie-3.5-8k-preview': 'ernie-3.5-8k-preview',
  'ernie-3.5-128k': 'ernie-3.5-128k',
  'ernie-bot-8k': 'ernie_bot_8k',
  'ernie-speed-8k': 'ernie_speed',
  'ernie-speed': 'ernie_speed',
  'ernie-speed-128k': 'ernie-speed-128k',
  'ernie-speed-pro-128k': 'ernie-speed-pro-128k',
  'ernie-lite-8k': 'ernie-lite-8k',
  'ernie-lite-8k-0922': 'eb-instant',
  'ernie-bot-turbo': 'eb-instant',
  'ernie-lite-pro-128k': 'ernie-lite-pro-128k',
  'ernie-tiny-8k': 'ernie-tiny-8k',
  'ernie-character-8k': 'ernie-char-8k',
  'ernie-character-fiction-8k': 'ernie-char-fiction-8k',
  'ernie-functions-8k': 'ernie-func-8k',
  'ernie-novel-8k': 'ernie-novel-8k',
}

export function baiduChatEndpoint(model: string): string {
  return ENDPOINTS[model.toLowerCase()] ?? model
}
