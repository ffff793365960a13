import type { ProtocolBridge } from '../protocol-bridge.ts'

/** OpenAI chat clients on a Dify channel (filled in by the Dify adapter's work). */
export const chatOverDify: ProtocolBridge | undefined = undefined
