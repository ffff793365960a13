import type { RelayToken } from './cache/token-cache.ts'
import { localError } from './relay-error.ts'

/** A token's model limits: 403 for a model it may not use (or for any, when the list is empty). */
export function assertModelAllowed(token: Pick<RelayToken, 'modelLimits'> | undefined, model: string): void {
  if (!token?.modelLimits || token.modelLimits.has(model)) return
  throw token.modelLimits.size === 0
    ? localError(403, 'model_not_allowed', 'token.no_models_allowed', undefined, 'permission_error')
    : localError(403, 'model_not_allowed', 'token.model_not_allowed', { model }, 'permission_error')
}
