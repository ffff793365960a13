/**
 * GET /api/user/topup/info: what the reference's wallet reads before offering online top-up.
 * Gateways we do not have (Stripe, Creem, Waffo) are off with zero minimums; there is no payment
 * compliance gate here, so it reads as confirmed; preset amounts and discounts are not offered.
 */
export interface TopUpInfo {
  enable_online_topup: boolean
  enable_stripe_topup: boolean
  enable_creem_topup: boolean
  enable_waffo_topup: boolean
  enable_waffo_pancake_topup: boolean
  enable_redemption: boolean
  payment_compliance_confirmed: boolean
  payment_compliance_terms_version: string
  waffo_pay_methods: null
  /** JSON text, as the reference keeps it */
  creem_products: string
  pay_methods: Record<string, string>[]
  min_topup: number
  stripe_min_topup: number
  waffo_min_topup: number
  waffo_pancake_min_topup: number
  amount_options: number[]
  /** amount -> price factor (0.9 is 10% off) */
  discount: Record<string, number>
  topup_link: string
}
