import type { ProviderDeclaration } from '../types.ts'
import { baiduAdapter } from './baidu-adapter.ts'
import { chatOverBaidu } from './baidu-bridges.ts'

/** Baidu Qianfan ERNIE (v1), a chat protocol of its own. */
export const baiduProvider: ProviderDeclaration = { adapter: baiduAdapter, bridges: { chat: chatOverBaidu } }
