import type { ProtocolBridge } from '../protocol-bridge.ts'

/** OpenAI chat clients on a Tencent channel (filled in by the Tencent adapter's work). */
export const chatOverTencent: ProtocolBridge | undefined = undefined
