/** The reference's endpoint type names, as its pricing page groups models by them. */
export type EndpointType = 'openai' | 'anthropic' | 'gemini' | 'jina-rerank'

/** How a model is priced: by ratio per token, or a fixed price per call (the reference's quota_type). */
export const QuotaType = { ratio: 0, perCall: 1 } as const
export type QuotaTypeValue = (typeof QuotaType)[keyof typeof QuotaType]

/** One row of GET /api/pricing (the reference's dto.ModelPricing). */
export interface PricingItem {
  model_name: string
  quota_type: QuotaTypeValue
  model_ratio: number
  model_price: number
  owner_by: string
  completion_ratio: number
  enable_groups: string[]
  /** the endpoints the model is served on, from the types of the channels that serve it */
  supported_endpoint_types: EndpointType[]
  /** tokens of prompt and answer together the model accepts, from the model catalog when it knows the model */
  context_window?: number
  /** the most tokens one answer may have, from the model catalog */
  output_limit?: number
}

/** What GET /api/pricing sends next to `data` (PricingItem[]) in its envelope, as the reference does. */
export interface PricingEnvelopeExtras {
  /** the caller's usable groups that have a ratio */
  group_ratio: Record<string, number>
  /** the caller's usable groups with their descriptions */
  usable_group: Record<string, string>
  vendors: unknown[]
  supported_endpoint: Partial<Record<EndpointType, { path: string; method: 'POST' }>>
  auto_groups: string[]
  pricing_version: string
}
