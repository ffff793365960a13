import type { PricingEnvelopeExtras, PricingItem } from '@gateway/shared'
import { requestEnvelope } from '@/lib/api-client'

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
  } & Partial<PricingEnvelopeExtras>
  return {
    items: envelope.data ?? [],
    groupRatio: envelope.group_ratio ?? {},
    usableGroup: envelope.usable_group ?? {},
  }
}

export const pricingQuery = { queryKey: ['pricing'] as const, queryFn: fetchPricing, staleTime: 60_000 }
