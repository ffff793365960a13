import type { CreateTokenInput } from '@gateway/shared'
import { isApiError } from '@/lib/api-client'
import { createToken, updateToken } from './api'
import { batchTokenName } from './token-form'

export interface BatchResult {
  created: number
  total: number
  /** The first failure's message; creation stopped there. */
  error?: string
}

const messageOf = (error: unknown) => (isApiError(error) || error instanceof Error ? error.message : String(error))

/**
 * Creates `count` tokens one after another: the first with the name as given, the others with a
 * random suffix. Stops at the first failure and says how many were made.
 */
export async function createTokens(payload: CreateTokenInput, count: number): Promise<BatchResult> {
  let created = 0
  for (let index = 0; index < count; index += 1) {
    try {
      await createToken({ ...payload, name: batchTokenName(payload.name, index) })
      created += 1
    } catch (error) {
      return { created, total: count, error: messageOf(error) }
    }
  }
  return { created, total: count }
}

export async function saveToken(id: number, payload: CreateTokenInput): Promise<string | null> {
  try {
    await updateToken({ ...payload, id })
    return null
  } catch (error) {
    return messageOf(error)
  }
}
