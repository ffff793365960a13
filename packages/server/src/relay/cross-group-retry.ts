import { imagePrice } from '../services/billing/image-price.ts'
import { worstCaseQuota, type ReservationInput } from '../services/billing/reservation-plan.ts'
import { resolvePrice } from '../services/billing/resolve-price.ts'
import type { Candidate, RoutingSnapshot } from './cache/channel-cache.ts'
import type { Exchange } from './exchange.ts'
import { LedgerUnavailableError } from './ledger/quota-ledger.ts'
import { routingModelName } from './select-channel.ts'

/** A group the request may go on to, with its channels for the model. */
export interface NextGroup {
  group: string
  levels: Candidate[][]
}

/**
 * A token's cross_group_retry (group `auto` only, as the reference has it): when every try in one
 * auto group failed with a retryable error, the request goes on in the next auto group that has
 * channels for the model, with a full set of retries there. Answers those groups after `served`,
 * in order; none when the switch is off.
 */
export function laterAutoGroups(
  snapshot: RoutingSnapshot,
  groups: string[],
  served: string,
  model: string
): NextGroup[] {
  const name = routingModelName(model)
  const next: NextGroup[] = []
  for (const group of groups.slice(groups.indexOf(served) + 1)) {
    const levels = snapshot.routes.get(group)?.get(name)
    if (levels && levels.length > 0) next.push({ group, levels })
  }
  return next
}

/**
 * Moves an exchange to another group before its next try: the group that serves is the group that
 * prices, so the price takes that group's ratio, and the hold grows when the worst case costs more
 * there (a cheaper group keeps the larger hold; the settlement gives the rest back). Answers false,
 * changing nothing, when the balance cannot cover the larger hold.
 */
export async function moveToGroup(exchange: Exchange, next: NextGroup, plan: ReservationInput): Promise<boolean> {
  const { services, request, user } = exchange
  const listed = resolvePrice(services.options, request.model, next.group, user.group, user.acceptUnsetRatio)
  if (!listed) return false
  const price =
    request.endpoint === 'images' || request.endpoint === 'image-edits'
      ? imagePrice(listed, request.model, request.body)
      : listed
  const need = worstCaseQuota({ ...plan, price })
  try {
    if ((await services.relay.ledger.grow(exchange.hold, need - exchange.hold.amount)) !== undefined) return false
  } catch (error) {
    if (error instanceof LedgerUnavailableError) return false
    throw error
  }
  exchange.group = next.group
  exchange.price = price
  return true
}
