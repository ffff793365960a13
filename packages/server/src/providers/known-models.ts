import { ChannelType } from '@gateway/shared'

/**
 * Model names the console offers per channel type (GET /api/models), so an admin creating a
 * channel can pick instead of typing. A starting list, not a limit: any name can still be entered,
 * and "fetch models" asks the upstream itself. Types not listed here answer no suggestions.
 */
const openAIModels = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'o1',
  'o3',
  'o3-mini',
  'o4-mini',
  'gpt-4-turbo',
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-instruct',
  'chatgpt-4o-latest',
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
  'dall-e-3',
  'gpt-image-1',
  'whisper-1',
  'tts-1',
  'tts-1-hd',
  'omni-moderation-latest',
]
const anthropicModels = [
  'claude-opus-4-1',
  'claude-opus-4-0',
  'claude-sonnet-4-0',
  'claude-3-7-sonnet-latest',
  'claude-3-5-sonnet-latest',
  'claude-3-5-haiku-latest',
  'claude-3-opus-latest',
  'claude-3-haiku-20240307',
]
const geminiModels = [
  'gemini-2.5-pro',
  'gemini-2.5-flash',
  'gemini-2.5-flash-lite',
  'gemini-2.0-flash',
  'gemini-2.0-flash-lite',
  'gemini-1.5-pro',
  'gemini-1.5-flash',
  'text-embedding-004',
]
const deepSeekModels = ['deepseek-chat', 'deepseek-reasoner']
const zhipuModels = ['glm-4.5', 'glm-4.5-air', 'glm-4-plus', 'glm-4-air', 'glm-4-flash', 'glm-4v-plus', 'embedding-3']
const aliModels = [
  'qwen-max',
  'qwen-plus',
  'qwen-turbo',
  'qwen-long',
  'qwen3-235b-a22b',
  'qwen3-coder-plus',
  'qwq-plus',
  'text-embedding-v3',
]

export const knownModels: Partial<Record<number, readonly string[]>> = {
  [ChannelType.openAI]: openAIModels,
  [ChannelType.azure]: openAIModels,
  [ChannelType.custom]: openAIModels,
  [ChannelType.anthropic]: anthropicModels,
  [ChannelType.aws]: anthropicModels,
  [ChannelType.gemini]: geminiModels,
  [ChannelType.vertexAI]: [...geminiModels, ...anthropicModels],
  [ChannelType.deepSeek]: deepSeekModels,
  [ChannelType.moonshot]: [
    'kimi-k2-0905-preview',
    'kimi-latest',
    'moonshot-v1-8k',
    'moonshot-v1-32k',
    'moonshot-v1-128k',
  ],
  [ChannelType.mistral]: [
    'mistral-large-latest',
    'mistral-medium-latest',
    'mistral-small-latest',
    'codestral-latest',
    'open-mistral-nemo',
    'mistral-embed',
  ],
  [ChannelType.xai]: ['grok-4', 'grok-3', 'grok-3-mini', 'grok-2-vision-1212'],
  [ChannelType.zhipu]: zhipuModels,
  [ChannelType.zhipuV4]: zhipuModels,
  [ChannelType.ali]: aliModels,
  [ChannelType.siliconFlow]: [
    'deepseek-ai/DeepSeek-V3',
    'deepseek-ai/DeepSeek-R1',
    'Qwen/Qwen3-235B-A22B',
    'Qwen/Qwen2.5-72B-Instruct',
    'THUDM/GLM-4-9B-0414',
    'BAAI/bge-m3',
  ],
  [ChannelType.ollama]: [
    'llama3.1',
    'llama3.2',
    'qwen2.5',
    'qwen3',
    'deepseek-r1',
    'mistral',
    'gemma3',
    'nomic-embed-text',
  ],
  [ChannelType.cohere]: [
    'command-a-03-2025',
    'command-r-plus',
    'command-r',
    'command-r7b-12-2024',
    'embed-v4.0',
    'rerank-v3.5',
  ],
  [ChannelType.jina]: ['jina-embeddings-v3', 'jina-clip-v2', 'jina-reranker-v2-base-multilingual'],
  [ChannelType.openRouter]: [
    'openai/gpt-4o',
    'openai/gpt-4o-mini',
    'anthropic/claude-sonnet-4',
    'google/gemini-2.5-pro',
    'deepseek/deepseek-chat',
    'meta-llama/llama-3.3-70b-instruct',
  ],
  [ChannelType.baidu]: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K'],
  [ChannelType.baiduV2]: ['ernie-4.5-turbo-128k', 'ernie-4.0-8k', 'ernie-3.5-8k', 'ernie-speed-128k'],
  [ChannelType.xunfei]: ['SparkDesk-v4.0', 'SparkDesk-v3.5', 'SparkDesk-v3.1', 'SparkDesk-v2.1'],
  [ChannelType.tencent]: ['hunyuan-turbo', 'hunyuan-pro', 'hunyuan-standard', 'hunyuan-lite'],
  [ChannelType.lingYiWanWu]: ['yi-lightning', 'yi-large', 'yi-medium'],
  [ChannelType.miniMax]: ['MiniMax-M1', 'abab6.5s-chat', 'abab6.5g-chat'],
  [ChannelType.perplexity]: ['sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-reasoning-pro'],
  [ChannelType.volcEngine]: [
    'doubao-seed-1-6-250615',
    'doubao-1-5-pro-32k-250115',
    'doubao-1-5-lite-32k-250115',
    'doubao-embedding-text-240715',
  ],
  [ChannelType.cloudflare]: [
    '@cf/meta/llama-3.1-8b-instruct',
    '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
    '@cf/baai/bge-m3',
  ],
  [ChannelType.mokaAI]: ['m3e-large', 'm3e-base', 'm3e-small'],
  [ChannelType.midjourneyPlus]: ['mj_imagine', 'mj_variation', 'mj_upscale', 'mj_blend', 'mj_describe'],
  [ChannelType.sunoAPI]: ['suno_music', 'suno_lyrics'],
}

/** GET /api/models: channel type id (as a string key, JSON's only kind) -> model names. */
export function knownModelsByType(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(knownModels).map(([type, models]) => [type, [...(models ?? [])]]))
}

/** Every distinct known model name. */
export const allKnownModels = (): string[] => [...new Set(Object.values(knownModels).flatMap((models) => models ?? []))]
