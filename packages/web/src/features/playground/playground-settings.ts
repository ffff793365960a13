/** Playground settings (spec "Playground settings"), kept in localStorage. */
export interface PlaygroundSettings {
  model: string
  group: string
  /** 0 means the request carries no max_tokens */
  maxTokens: number
  temperature: number
  systemPrompt: string
}

export const DEFAULT_SYSTEM_PROMPT =
  'You are a helpful assistant. You can help me by answering my questions. You can also ask me questions.'
export const TEMPERATURE_MIN = 0.1
export const TEMPERATURE_MAX = 1
export const TEMPERATURE_STEP = 0.1

export const defaultSettings: PlaygroundSettings = {
  model: 'gpt-4o-mini',
  group: '',
  maxTokens: 0,
  temperature: 0,
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
}

export const SETTINGS_KEY = 'playground-settings'
export const MESSAGES_KEY = 'playground-messages'

/** The slider runs from 0.1 to 1 in steps of 0.1; the default 0 is sent as 0.1. */
export function clampTemperature(value: number): number {
  if (!Number.isFinite(value)) return TEMPERATURE_MIN
  const clamped = Math.min(TEMPERATURE_MAX, Math.max(TEMPERATURE_MIN, value))
  return Math.round(clamped * 10) / 10
}

/** A non-negative integer; anything else is 0 (not sent). */
export function normalizeMaxTokens(value: unknown): number {
  const n = Math.trunc(Number(value))
  return Number.isFinite(n) && n > 0 ? n : 0
}

export function readSettings(raw: string | null): PlaygroundSettings {
  let saved: Partial<PlaygroundSettings> = {}
  try {
    saved = raw ? (JSON.parse(raw) as Partial<PlaygroundSettings>) : {}
  } catch {
    saved = {}
  }
  return {
    model: typeof saved.model === 'string' && saved.model ? saved.model : defaultSettings.model,
    group: typeof saved.group === 'string' ? saved.group : defaultSettings.group,
    maxTokens: normalizeMaxTokens(saved.maxTokens),
    temperature: clampTemperature(
      typeof saved.temperature === 'number' ? saved.temperature : defaultSettings.temperature
    ),
    systemPrompt: typeof saved.systemPrompt === 'string' ? saved.systemPrompt : defaultSettings.systemPrompt,
  }
}

export interface ChatRequestBody {
  model: string
  group: string
  messages: { role: string; content: string }[]
  stream: true
  temperature: number
  max_tokens?: number
}

/** The /pg/chat/completions body: system prompt only when not blank, max_tokens only when set. */
export function buildRequestBody(
  settings: PlaygroundSettings,
  history: { role: string; content: string }[]
): ChatRequestBody {
  const messages = settings.systemPrompt.trim()
    ? [{ role: 'system', content: settings.systemPrompt }, ...history]
    : history
  const body: ChatRequestBody = {
    model: settings.model,
    group: settings.group,
    messages,
    stream: true,
    temperature: clampTemperature(settings.temperature),
  }
  const maxTokens = normalizeMaxTokens(settings.maxTokens)
  if (maxTokens > 0) body.max_tokens = maxTokens
  return body
}

export function loadItem(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function saveItem(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    /* persistence is best effort */
  }
}
