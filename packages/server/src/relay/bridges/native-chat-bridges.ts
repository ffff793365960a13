import type { Protocol } from '../../providers/types.ts'
import type { ProtocolBridge } from '../protocol-bridge.ts'
import { chatOverBaidu } from './baidu-bridges.ts'
import { chatOverDify } from './dify-bridges.ts'
import { chatOverTencent } from './tencent-bridges.ts'
import { chatOverXunfei } from './xunfei-bridges.ts'

/** Chat bridges of the upstreams that speak a chat protocol of their own. */
export const nativeChatBridges: Partial<Record<Protocol, ProtocolBridge | undefined>> = {
  dify: chatOverDify,
  tencent: chatOverTencent,
  baidu: chatOverBaidu,
  xunfei: chatOverXunfei,
}
