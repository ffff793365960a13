/**
 * The parts of Google's Gemini API (generateContent, streamGenerateContent) the gateway reads and
 * writes (https://ai.google.dev/api/generate-content). Minimal: other fields pass through.
 */

export interface GeminiPart {
  text?: string
  /** a thought summary when includeThoughts is on */
  thought?: boolean
  inlineData?: { mimeType: string; data: string }
  fileData?: { mimeType?: string; fileUri: string }
  functionCall?: { name: string; args?: Record<string, unknown> }
  functionResponse?: { name: string; response: Record<string, unknown> }
  /** The model's encrypted reasoning behind this part; a thinking model wants it back with its function calls. */
  thoughtSignature?: string
}

export interface GeminiContent {
  role?: 'user' | 'model' | 'function'
  parts: GeminiPart[]
}

export interface GeminiFunctionDeclaration {
  name: string
  description?: string
  /** Gemini's OpenAPI subset (upper-case types, nullable) */
  parameters?: unknown
  /** JSON Schema, the alternative to `parameters` */
  parametersJsonSchema?: unknown
}

export interface GeminiRequest {
  contents: GeminiContent[]
  systemInstruction?: { parts: GeminiPart[] }
  tools?: { functionDeclarations?: GeminiFunctionDeclaration[] }[]
  toolConfig?: { functionCallingConfig?: { mode?: 'AUTO' | 'ANY' | 'NONE'; allowedFunctionNames?: string[] } }
  generationConfig?: {
    temperature?: number
    topP?: number
    topK?: number
    maxOutputTokens?: number
    stopSequences?: string[]
    candidateCount?: number
    thinkingConfig?: { thinkingBudget?: number; includeThoughts?: boolean }
    /** 'application/json' for JSON answers, with one of the schemas below or none */
    responseMimeType?: string
    /** Gemini's OpenAPI subset, as for function parameters */
    responseSchema?: unknown
    /** JSON Schema */
    responseJsonSchema?: unknown
    [key: string]: unknown
  }
  safetySettings?: unknown
}

export interface GeminiUsageMetadata {
  promptTokenCount?: number
  candidatesTokenCount?: number
  totalTokenCount?: number
  cachedContentTokenCount?: number
  thoughtsTokenCount?: number
}

export interface GeminiCandidate {
  content?: GeminiContent
  finishReason?: string
  index?: number
}

export interface GeminiResponse {
  candidates?: GeminiCandidate[]
  usageMetadata?: GeminiUsageMetadata
  modelVersion?: string
  responseId?: string
  promptFeedback?: { blockReason?: string }
}
