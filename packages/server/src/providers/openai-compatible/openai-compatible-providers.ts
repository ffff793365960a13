import type { ProviderAdapter } from '../types.ts'
import { defineOpenAICompatible } from './define-openai-compatible.ts'

/**
 * Channel types whose upstream speaks OpenAI's protocol, with the reference system's default
 * base URLs. @see ../../../../../shared/reference/backend-behaviour.md section 4
 */
export const openAICompatibleProviders: Record<number, ProviderAdapter> = {
  1: defineOpenAICompatible({ id: 'openai', defaultBaseUrl: 'https://api.openai.com', endpoints: ['chat', 'completions', 'embeddings', 'images', 'image-edits', 'moderations', 'speech', 'transcriptions', 'translations', 'responses', 'realtime'] }),
  4: defineOpenAICompatible({ id: 'ollama', defaultBaseUrl: 'http://localhost:11434' }),
  6: defineOpenAICompatible({ id: 'openai-max', defaultBaseUrl: 'https://api.openaimax.com' }),
  7: defineOpenAICompatible({ id: 'ohmygpt', defaultBaseUrl: 'https://api.ohmygpt.com' }),
  9: defineOpenAICompatible({ id: 'ails', defaultBaseUrl: 'https://api.caipacity.com' }),
  10: defineOpenAICompatible({ id: 'aiproxy', defaultBaseUrl: 'https://api.aiproxy.io' }),
  12: defineOpenAICompatible({ id: 'api2gpt', defaultBaseUrl: 'https://api.api2gpt.com' }),
  13: defineOpenAICompatible({ id: 'aigc2d', defaultBaseUrl: 'https://api.aigc2d.com' }),
  17: defineOpenAICompatible({ id: 'ali', defaultBaseUrl: 'https://dashscope.aliyuncs.com', pathPrefix: '/compatible-mode/v1' }),
  19: defineOpenAICompatible({ id: '360', defaultBaseUrl: 'https://api.360.cn' }),
  20: defineOpenAICompatible({
    id: 'openrouter',
    defaultBaseUrl: 'https://openrouter.ai/api',
    headers: () => ({ 'http-referer': 'https://github.com/QuantumNous/new-api', 'x-title': 'New API' }),
  }),
  22: defineOpenAICompatible({ id: 'fastgpt', defaultBaseUrl: 'https://fastgpt.run/api/openapi', supportsStreamOptions: false }),
  25: defineOpenAICompatible({ id: 'moonshot', defaultBaseUrl: 'https://api.moonshot.cn' }),
  26: defineOpenAICompatible({ id: 'zhipu-v4', defaultBaseUrl: 'https://open.bigmodel.cn', pathPrefix: '/api/paas/v4' }),
  27: defineOpenAICompatible({ id: 'perplexity', defaultBaseUrl: 'https://api.perplexity.ai', pathPrefix: '', endpoints: ['chat'] }),
  31: defineOpenAICompatible({ id: 'lingyiwanwu', defaultBaseUrl: 'https://api.lingyiwanwu.com' }),
  35: defineOpenAICompatible({ id: 'minimax', defaultBaseUrl: 'https://api.minimax.chat' }),
  38: defineOpenAICompatible({ id: 'jina', defaultBaseUrl: 'https://api.jina.ai', endpoints: ['embeddings', 'rerank'] }),
  40: defineOpenAICompatible({ id: 'siliconflow', defaultBaseUrl: 'https://api.siliconflow.cn', endpoints: ['chat', 'completions', 'embeddings', 'images', 'rerank', 'speech', 'transcriptions'] }),
  42: defineOpenAICompatible({ id: 'mistral', defaultBaseUrl: 'https://api.mistral.ai' }),
  43: defineOpenAICompatible({ id: 'deepseek', defaultBaseUrl: 'https://api.deepseek.com' }),
  44: defineOpenAICompatible({ id: 'mokaai', defaultBaseUrl: 'https://api.moka.ai', endpoints: ['embeddings'] }),
  45: defineOpenAICompatible({ id: 'volcengine', defaultBaseUrl: 'https://ark.cn-beijing.volces.com', pathPrefix: '/api/v3' }),
  46: defineOpenAICompatible({ id: 'baidu-v2', defaultBaseUrl: 'https://qianfan.baidubce.com', pathPrefix: '/v2' }),
  47: defineOpenAICompatible({ id: 'xinference' }),
  48: defineOpenAICompatible({ id: 'xai', defaultBaseUrl: 'https://api.x.ai', endpoints: ['chat', 'completions', 'embeddings', 'images'] }),
  53: defineOpenAICompatible({ id: 'submodel', defaultBaseUrl: 'https://llm.submodel.ai' }),
}
