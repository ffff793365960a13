import type { ProviderDeclaration } from '../types.ts'
import { tencentAdapter } from './tencent-adapter.ts'
import { chatOverTencent } from './tencent-bridges.ts'

/** Tencent Hunyuan's ChatCompletions, a chat protocol of its own. */
export const tencentProvider: ProviderDeclaration = { adapter: tencentAdapter, bridges: { chat: chatOverTencent } }
