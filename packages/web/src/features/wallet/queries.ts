import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { fetchPayable, fetchSelf, redeemCode, requestPayment } from './api'

export const walletKeys = {
  self: ['wallet', 'self'] as const,
  payable: (amount: number) => ['wallet', 'payable', amount] as const,
}

export const walletSelfQuery = queryOptions({ queryKey: walletKeys.self, queryFn: fetchSelf })

export const payableQuery = (amount: number) =>
  queryOptions({
    queryKey: walletKeys.payable(amount),
    queryFn: ({ signal }) => fetchPayable(amount, signal),
    // The page shows the server's refusal (under the minimum, too low) next to the field instead.
    meta: { silent: true },
    retry: false,
    staleTime: 30_000,
  })

/** A redeem changes the balance: the wallet and the shell's own-account query read it again. */
export function useRedeemMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.self }),
        queryClient.invalidateQueries({ queryKey: ['user', 'self'] }),
      ]),
  })
}

/** The page words a failure itself: the server's reason, or the spec's '请求失败' when the server was not reached. */
export function usePayMutation() {
  return useMutation({
    mutationFn: ({ amount, method }: { amount: number; method: string }) => requestPayment(amount, method),
    meta: { silent: true },
  })
}
