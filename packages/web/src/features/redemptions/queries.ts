import type { RedemptionStatus } from '@gateway/shared'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  createRedemptions,
  deleteRedemption,
  deleteRedemptions,
  fetchRedemptions,
  updateRedemption,
  updateRedemptionStatus,
  type RedemptionListQuery,
} from './api'

export const redemptionKeys = {
  all: ['redemptions'] as const,
  list: (query: RedemptionListQuery) => ['redemptions', 'list', query] as const,
}

export const redemptionListQuery = (query: RedemptionListQuery) =>
  queryOptions({
    queryKey: redemptionKeys.list(query),
    queryFn: () => fetchRedemptions(query),
    placeholderData: keepPreviousData,
  })

function useInvalidate() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: redemptionKeys.all })
}

export function useRedemptionStatusMutation() {
  const onSettled = useInvalidate()
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: (typeof RedemptionStatus)['unused' | 'disabled'] }) =>
      updateRedemptionStatus(id, status),
    onSettled,
  })
}

export function useDeleteRedemptionMutation() {
  const onSettled = useInvalidate()
  return useMutation({ mutationFn: deleteRedemption, onSettled })
}

export function useDeleteRedemptionsMutation() {
  const onSettled = useInvalidate()
  return useMutation({ mutationFn: deleteRedemptions, onSettled })
}

export function useCreateRedemptionsMutation() {
  const onSettled = useInvalidate()
  return useMutation({ mutationFn: createRedemptions, onSettled })
}

export function useUpdateRedemptionMutation() {
  const onSettled = useInvalidate()
  return useMutation({ mutationFn: updateRedemption, onSettled })
}
