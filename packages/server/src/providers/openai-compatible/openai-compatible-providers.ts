import type { ChannelTypeName } from '@gateway/shared'
import type { ProviderAdapter } from '../types.ts'
import { defineOpenAICompatible } from './define-openai-compatible.ts'

/**
 * Channel types whose upstream speaks OpenAI's protocol, with the reference system's default
 * base URLs, by their ChannelType names.
 */
export const openAICompatibleProviders: Partial<Record<ChannelTypeName, ProviderAdapter>> = {
  openAI: defineOpenAICompatible({
    id: 'openai',
    defaultBaseUrl: 'https://api.openai.com',
    endpoints: [
      'chat',
      'completions',
      'embeddings',
      'images',
      'image-edits',
      'moderations',
      'speech',
      'transcriptions',
      'translations',
      'responses',
      'realtime',
    ],
  }),
  ollama: defineOpenAICompatible({ id: 'ollama', defaultBaseUrl: 'http://localhost:11434' }),
  openAIMax: defineOpenAICompatible({ id: 'openai-max', defaultBaseUrl: 'https://api.openaimax.com' }),
  ohMyGPT: defineOpenAICompatible({ id: 'ohmygpt', defaultBaseUrl: 'https://api.ohmygpt.com' }),
  ails: defineOpenAICompatible({ id: 'ails', defaultBaseUrl: 'https://api.caipacity.com' }),
  aiProxy: defineOpenAICompatible({ id: 'aiproxy', defaultBaseUrl: 'https://api.aiproxy.io' }),
  api2GPT: defineOpenAICompatible({ id: 'api2gpt', defaultBaseUrl: 'https://api.api2gpt.com' }),
  aigc2d: defineOpenAICompatible({ id: 'aigc2d', defaultBaseUrl: 'https://api.aigc2d.com' }),
  ali: defineOpenAICompatible({
    id: 'ali',
    defaultBaseUrl: 'https://dashscope.aliyuncs.com',
    pathPrefix: '/compatible-mode/v1',
  }),
  ai360: defineOpenAICompatible({ id: '360', defaultBaseUrl: 'https://api.360.cn' }),
  openRouter: defineOpenAICompatible({
    id: 'openrouter',
    defaultBaseUrl: 'https://openrouter.ai/api',
    headers: () => ({ 'http-referer': 'https://github.com/QuantumNous/new-api', 'x-title': 'New API' }),
  }),
  fastGPT: defineOpenAICompatible({
    id: 'fastgpt',
    defaultBaseUrl: 'https://fastgpt.run/api/openapi',
    supportsStreamOptions: false,
  }),
  moonshot: defineOpenAICompatible({ id: 'moonshot', defaultBaseUrl: 'https://api.moonshot.cn' }),
  zhipuV4: defineOpenAICompatible({
    id: 'zhipu-v4',
    defaultBaseUrl: 'https://open.bigmodel.cn',
    pathPrefix: '/api/paas/v4',
  }),
  perplexity: defineOpenAICompatible({
    id: 'perplexity',
    defaultBaseUrl: 'https://api.perplexity.ai',
    pathPrefix: '',
    endpoints: ['chat'],
  }),
  lingYiWanWu: defineOpenAICompatible({ id: 'lingyiwanwu', defaultBaseUrl: 'https://api.lingyiwanwu.com' }),
  miniMax: defineOpenAICompatible({ id: 'minimax', defaultBaseUrl: 'https://api.minimax.chat' }),
  jina: defineOpenAICompatible({
    id: 'jina',
    defaultBaseUrl: 'https://api.jina.ai',
    endpoints: ['embeddings', 'rerank'],
  }),
  siliconFlow: defineOpenAICompatible({
    id: 'siliconflow',
    defaultBaseUrl: 'https://api.siliconflow.cn',
    endpoints: ['chat', 'completions', 'embeddings', 'images', 'rerank', 'speech', 'transcriptions'],
  }),
  mistral: defineOpenAICompatible({ id: 'mistral', defaultBaseUrl: 'https://api.mistral.ai' }),
  deepSeek: defineOpenAICompatible({ id: 'deepseek', defaultBaseUrl: 'https://api.deepseek.com' }),
  mokaAI: defineOpenAICompatible({ id: 'mokaai', defaultBaseUrl: 'https://api.moka.ai', endpoints: ['embeddings'] }),
  volcEngine: defineOpenAICompatible({
    id: 'volcengine',
    defaultBaseUrl: 'https://ark.cn-beijing.volces.com',
    pathPrefix: '/api/v3',
  }),
  baiduV2: defineOpenAICompatible({
    id: 'baidu-v2',
    defaultBaseUrl: 'https://qianfan.baidubce.com',
    pathPrefix: '/v2',
  }),
  xinference: defineOpenAICompatible({ id: 'xinference' }),
  xai: defineOpenAICompatible({
    id: 'xai',
    defaultBaseUrl: 'https://api.x.ai',
    endpoints: ['chat', 'completions', 'embeddings', 'images'],
  }),
  subModel: defineOpenAICompatible({ id: 'submodel', defaultBaseUrl: 'https://llm.submodel.ai' }),
}
