import type { ProtocolBridge } from '../protocol-bridge.ts'

/** OpenAI chat clients on a Baidu channel (filled in by the Baidu adapter's work). */
export const chatOverBaidu: ProtocolBridge | undefined = undefined
