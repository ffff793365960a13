import type { Services } from '../services/container.ts'
import type { RelayToken, RelayUser } from './cache/token-cache.ts'
import { candidateGroups } from './resolve-route.ts'

/**
 * The models a token may use: its model limits when it has them, otherwise every model an enabled
 * channel serves in the token's group (or the user's group, or the auto groups).
 */
export async function listModelsForToken(services: Services, token: RelayToken, user: RelayUser): Promise<string[]> {
  if (token.modelLimits) return [...token.modelLimits].sort()
  const groups = candidateGroups(services.options, token.group, user.group)
  const snapshot = await services.relay.channels.current()
  const models = new Set<string>()
  for (const group of groups) for (const model of snapshot.routes.get(group)?.keys() ?? []) models.add(model)
  return [...models].sort()
}

/** OpenAI's model object. */
export function modelObject(id: string) {
  return { id, object: 'model', created: 1_700_000_000, owned_by: 'gateway' }
}
