import { z } from 'zod'

/**
 * POST /api/user/amount: answers the money to pay, as two-decimal text. The amount is checked by
 * the server's quote, not here, so that a bad one gets the wallet's own message.
 */
export const topUpAmountInput = z.object({ amount: z.unknown(), top_up_code: z.string().max(64).optional() })
export type TopUpAmountRequest = z.input<typeof topUpAmountInput>

/** POST /api/user/pay: a new EPay order. */
export const payInput = topUpAmountInput.extend({ payment_method: z.string().max(32) })
export type PayInput = z.infer<typeof payInput>

/**
 * What the console posts, as an HTML form, to the payment gateway. POST /api/user/pay answers the
 * signed `params` as `data` and the `url` next to it, as the reference does.
 */
export interface EpayForm {
  url: string
  params: Record<string, string>
}
