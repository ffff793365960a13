/**
 * GET /dashboard/billing/subscription (and under /v1): the OpenAI-style balance call chat clients
 * make with an API key, answered as the reference answers it. The *_usd fields carry the amount in
 * the site's display unit: dollars when quota shows as money, tokens otherwise.
 */
export interface BillingSubscription {
  object: 'billing_subscription'
  has_payment_method: boolean
  soft_limit_usd: number
  hard_limit_usd: number
  system_hard_limit_usd: number
  /** the token's expiry in unix seconds, 0 for never (or when the user's balance is shown) */
  access_until: number
}

/** GET /dashboard/billing/usage (and under /v1): what was used, in hundredths of the display unit (OpenAI's cents). */
export interface BillingUsage {
  object: 'list'
  total_usage: number
}
