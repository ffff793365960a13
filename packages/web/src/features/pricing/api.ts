import { requestEnvelope } from '@/lib/api-client'

/** One row of GET /api/pricing. */
export interface PricingItem {
  model_name: string
  /** 0: priced by ratio per token, 1: fixed price per call */
  quota_type: number
  model_ratio: number
  model_price: number
  owner_by: string
  completion_ratio: number
  enable_groups: string[]
  /** prompt and answer tokens the model accepts, when the server's model catalog knows the model */
  context_window?: number
  /** the most tokens one answer may have, from the same catalog */
  output_limit?: number
}

export interface PricingResponse {
  items: PricingItem[]
  /** the caller's usable groups that have a ratio */
  groupRatio: Record<string, number>
  /** the caller's usable groups with their descriptions */
  usableGroup: Record<string, string>
}

export async function fetchPricing(): Promise<PricingResponse> {
  const envelope = (await requestEnvelope<PricingItem[]>('GET', '/api/pricing', { skipSessionExpiry: true })) as {
    data?: PricingItem[]
    group_ratio?: Record<string, number>
    usable_group?: Record<string, string>
  }
  return { items: envelope.data ?? [], groupRatio: envelope.group_ratio ?? {}, usableGroup: envelope.usable_group ?? {} }
}

export const pricingQuery = { queryKey: ['pricing'] as const, queryFn: fetchPricing, staleTime: 60_000 }
