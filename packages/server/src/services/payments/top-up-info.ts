import type { TopUpInfo } from '@gateway/shared'
import type { Services } from '../container.ts'
import { epaySettings, payMethodTypes } from './payment-settings.ts'

/** The version of the reference's payment terms its console expects to see confirmed. */
const COMPLIANCE_TERMS_VERSION = 'v1'

/**
 * GET /api/user/topup/info. Online top-up is on, as in the reference, when EPay is fully
 * configured and at least one payment method is listed.
 */
export function topUpInfo(services: Services): TopUpInfo {
  const options = services.options
  const payMethods = options.json<unknown>('PayMethods')
  return {
    enable_online_topup: epaySettings(options) !== undefined && payMethodTypes(options).length > 0,
    enable_stripe_topup: false,
    enable_creem_topup: false,
    enable_waffo_topup: false,
    enable_waffo_pancake_topup: false,
    enable_redemption: true,
    payment_compliance_confirmed: true,
    payment_compliance_terms_version: COMPLIANCE_TERMS_VERSION,
    waffo_pay_methods: null,
    creem_products: '[]',
    pay_methods: Array.isArray(payMethods) ? (payMethods as Record<string, string>[]) : [],
    min_topup: options.number('MinTopUp'),
    stripe_min_topup: 0,
    waffo_min_topup: 0,
    waffo_pancake_min_topup: 0,
    amount_options: [],
    discount: {},
    topup_link: options.get('TopUpLink'),
  }
}
