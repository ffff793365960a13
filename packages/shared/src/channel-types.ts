import { ChannelType } from './channel.ts'

/** One provider kind the console offers: its id (from ChannelType), label and defaults. */
export interface ChannelTypeInfo {
  id: number
  /** The reference console's label (the web console translates it by id). */
  label: string
  /** Where requests go when the channel's base_url is empty; '' when the type needs one. */
  defaultBaseUrl: string
  /** The key's expected shape, when it is not a single API key. */
  keyFormat?: string
  /** Why the relay cannot serve this type yet; such channels answer 501 (the editor says so). */
  unsupported?: UnsupportedReason
}

/** retired: the provider shut the API down. */
export type UnsupportedReason = 'retired'

const T = ChannelType

/** Every type the console lets an admin pick, in the reference console's order. */
export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = [
  { id: T.openAI, label: 'OpenAI', defaultBaseUrl: 'https://api.openai.com' },
  { id: T.midjourney, label: 'Midjourney Proxy', defaultBaseUrl: '' },
  { id: T.midjourneyPlus, label: 'Midjourney Proxy Plus', defaultBaseUrl: '' },
  { id: T.sunoAPI, label: 'Suno API', defaultBaseUrl: '' },
  { id: T.anthropic, label: 'Anthropic Claude', defaultBaseUrl: 'https://api.anthropic.com' },
  { id: T.aws, label: 'AWS Claude', defaultBaseUrl: '', keyFormat: 'AK|SK|Region' },
  { id: T.vertexAI, label: 'Vertex AI', defaultBaseUrl: '', keyFormat: 'service account JSON' },
  { id: T.azure, label: 'Azure OpenAI', defaultBaseUrl: '' },
  { id: T.ollama, label: 'Ollama', defaultBaseUrl: 'http://localhost:11434' },
  { id: T.custom, label: '自定义渠道', defaultBaseUrl: '' },
  { id: T.palm, label: 'Google PaLM2', defaultBaseUrl: '', unsupported: 'retired' },
  { id: T.gemini, label: 'Google Gemini', defaultBaseUrl: 'https://generativelanguage.googleapis.com' },
  { id: T.baidu, label: '百度文心千帆', defaultBaseUrl: 'https://aip.baidubce.com', keyFormat: 'APIKey|SecretKey' },
  { id: T.baiduV2, label: '百度文心千帆V2', defaultBaseUrl: 'https://qianfan.baidubce.com' },
  { id: T.zhipu, label: '智谱 ChatGLM', defaultBaseUrl: 'https://open.bigmodel.cn', unsupported: 'retired' },
  { id: T.zhipuV4, label: '智谱 GLM-4V', defaultBaseUrl: 'https://open.bigmodel.cn' },
  { id: T.ali, label: '阿里通义千问', defaultBaseUrl: 'https://dashscope.aliyuncs.com' },
  { id: T.xunfei, label: '讯飞星火认知', defaultBaseUrl: '', keyFormat: 'APPID|APISecret|APIKey' },
  { id: T.ai360, label: '360 智脑', defaultBaseUrl: 'https://api.360.cn' },
  { id: T.openRouter, label: 'OpenRouter', defaultBaseUrl: 'https://openrouter.ai/api' },
  {
    id: T.fastGPT,
    label: '知识库：FastGPT',
    defaultBaseUrl: 'https://fastgpt.run/api/openapi',
    keyFormat: 'APIKey-AppId',
  },
  {
    id: T.tencent,
    label: '腾讯混元',
    defaultBaseUrl: 'https://hunyuan.tencentcloudapi.com',
    keyFormat: 'AppId|SecretId|SecretKey',
  },
  { id: T.moonshot, label: 'Moonshot', defaultBaseUrl: 'https://api.moonshot.cn' },
  { id: T.perplexity, label: 'Perplexity', defaultBaseUrl: 'https://api.perplexity.ai' },
  { id: T.lingYiWanWu, label: '零一万物', defaultBaseUrl: 'https://api.lingyiwanwu.com' },
  { id: T.cohere, label: 'Cohere', defaultBaseUrl: 'https://api.cohere.ai' },
  { id: T.miniMax, label: 'MiniMax', defaultBaseUrl: 'https://api.minimax.chat' },
  { id: T.dify, label: 'Dify', defaultBaseUrl: 'https://api.dify.ai' },
  { id: T.jina, label: 'Jina', defaultBaseUrl: 'https://api.jina.ai' },
  { id: T.cloudflare, label: 'Cloudflare', defaultBaseUrl: 'https://api.cloudflare.com' },
  { id: T.siliconFlow, label: 'SiliconCloud', defaultBaseUrl: 'https://api.siliconflow.cn' },
  { id: T.mistral, label: 'Mistral AI', defaultBaseUrl: 'https://api.mistral.ai' },
  { id: T.deepSeek, label: 'DeepSeek', defaultBaseUrl: 'https://api.deepseek.com' },
  { id: T.mokaAI, label: '嵌入模型：MokaAI M3E', defaultBaseUrl: 'https://api.moka.ai' },
  { id: T.volcEngine, label: '字节火山方舟、豆包', defaultBaseUrl: 'https://ark.cn-beijing.volces.com' },
  { id: T.xinference, label: 'Xinference', defaultBaseUrl: '' },
  { id: T.xai, label: 'xAI', defaultBaseUrl: 'https://api.x.ai' },
]

const byId = new Map(CHANNEL_TYPES.map((info) => [info.id, info]))

/** The type's entry, or undefined for an id the console does not offer. */
export const channelTypeInfo = (id: number): ChannelTypeInfo | undefined => byId.get(id)
