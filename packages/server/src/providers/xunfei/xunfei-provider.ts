import type { ProviderDeclaration } from '../types.ts'
import { xunfeiAdapter } from './xunfei-adapter.ts'
import { chatOverXunfei } from './xunfei-bridges.ts'

/** iFlytek Spark over its WebSocket, a chat protocol of its own. */
export const xunfeiProvider: ProviderDeclaration = { adapter: xunfeiAdapter, bridges: { chat: chatOverXunfei } }
