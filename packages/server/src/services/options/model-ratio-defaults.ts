/**
 * Built-in price tables: a model ratio of 1 costs $0.002 per 1K prompt tokens (500 quota per $1K
 * at the default QuotaPerUnit). Values follow the reference system's defaults; operators edit them
 * in the pricing settings, and POST /api/option/rest_model_ratio restores these.
 */
export const defaultModelRatio: Record<string, number> = {
  'gpt-4': 15,
  'gpt-4-32k': 30,
  'gpt-4-turbo': 5,
  'gpt-4o': 1.25,
  'gpt-4o-2024-05-13': 2.5,
  'gpt-4o-mini': 0.075,
  'gpt-4.1': 1,
  'gpt-4.1-mini': 0.2,
  'gpt-4.1-nano': 0.05,
  'gpt-4.5-preview': 37.5,
  'chatgpt-4o-latest': 2.5,
  o1: 7.5,
  'o1-mini': 0.55,
  'o3-mini': 0.55,
  'o4-mini': 0.55,
  'gpt-3.5-turbo': 0.25,
  'gpt-3.5-turbo-instruct': 0.75,
  'text-embedding-3-small': 0.01,
  'text-embedding-3-large': 0.065,
  'text-embedding-ada-002': 0.05,
  'whisper-1': 15,
  'tts-1': 7.5,
  'tts-1-hd': 15,
  'claude-3-haiku-20240307': 0.125,
  'claude-3-5-haiku-20241022': 0.5,
  'claude-3-5-sonnet-20241022': 1.5,
  'claude-3-7-sonnet-20250219': 1.5,
  'claude-3-opus-20240229': 7.5,
  'gemini-1.5-pro-latest': 1.25,
  'gemini-1.5-flash-latest': 0.075,
  'gemini-2.0-flash': 0.05,
  'deepseek-chat': 0.135,
  'deepseek-reasoner': 0.275,
  'grok-2': 1,
  'mistral-large-latest': 1,
  // ¥0.12 per 1K tokens: the reference writes RMB prices as price x (500 / 7.3).
  'ERNIE-4.0-8K': Number(((0.12 * 500) / 7.3).toFixed(4)),
}

/** $ per call, for models priced per request rather than per token. */
export const defaultModelPrice: Record<string, number> = {
  'dall-e-3': 0.04,
  'imagen-3.0-generate-002': 0.03,
  'gpt-4-gizmo-*': 0.1,
  suno_music: 0.1,
  suno_lyrics: 0.01,
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_pan: 0.1,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  swap_face: 0.05,
  mj_upload: 0.05,
  mj_inpaint: 0,
  mj_custom_zoom: 0,
}

export const defaultCompletionRatio: Record<string, number> = {
  'gpt-4-gizmo-*': 2,
  'gpt-4o-gizmo-*': 3,
  'gpt-4-all': 2,
}

export const defaultCacheRatio: Record<string, number> = {
  'gpt-4o': 0.5,
  'gpt-4o-mini': 0.5,
  'gpt-4.1': 0.25,
  o1: 0.5,
  'o3-mini': 0.5,
  'gpt-4.5-preview': 0.5,
  'deepseek-chat': 0.25,
  'deepseek-reasoner': 0.25,
  'claude-3-5-sonnet-20241022': 0.1,
  'claude-3-7-sonnet-20250219': 0.1,
  'claude-3-5-haiku-20241022': 0.1,
  'claude-3-opus-20240229': 0.1,
}
