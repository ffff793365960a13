import type { EpayForm, PayInput, RedeemCodeRequest, SelfUser, TopUpAmountRequest } from '@gateway/shared'
import { api, requestEnvelope } from '@/lib/api-client'

export const fetchSelf = () => api.get<SelfUser>('/api/user/self')

/** POST /api/user/topup: answers the quota added. */
export const redeemCode = (key: string) => api.post<number>('/api/user/topup', { key } satisfies RedeemCodeRequest)

/** POST /api/user/amount: the money to pay, as two-decimal text. */
export const fetchPayable = (amount: number, signal?: AbortSignal) =>
  api.post<string>('/api/user/amount', { amount, top_up_code: '' } satisfies TopUpAmountRequest, { signal })

/** POST /api/user/pay: the signed fields come as data and the gateway's address next to them (the reference's form). */
export async function requestPayment(amount: number, paymentMethod: string): Promise<EpayForm> {
  const envelope = await requestEnvelope<Record<string, string>>('POST', '/api/user/pay', {
    body: { amount, top_up_code: '', payment_method: paymentMethod } satisfies PayInput,
  })
  return { url: (envelope as { url?: string }).url ?? '', params: envelope.data ?? {} }
}
