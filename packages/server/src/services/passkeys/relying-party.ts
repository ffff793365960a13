import type { Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { publicOrigin } from '../../lib/public-origin.ts'

/** Who a passkey is for: the site's name, its RP ID (the hostname) and the origin the console is served from. */
export interface RelyingParty {
  rpName: string
  rpID: string
  origin: string
}

/**
 * The relying party of this request: the origin the browser used (forwarded headers count only
 * from a trusted proxy, see publicOrigin), its hostname as RP ID, and the system name.
 */
export function relyingPartyOf(c: Context<HonoEnv>): RelyingParty {
  const origin = publicOrigin(c)
  return {
    rpName: c.get('services').options.get('SystemName') || 'New API',
    rpID: origin.hostname,
    origin: origin.origin,
  }
}
