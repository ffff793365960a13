import type { LatestRelease } from '@gateway/shared'
import type { Dispatcher } from 'undici'
import { policyFor, type OutboundPolicy, type OutboundPolicyOptions } from '../../lib/outbound/address-policy.ts'
import { guardedFetch } from '../../lib/outbound/guarded-fetch.ts'

/** The public release feed the other tab compares the running version with. */
export const RELEASE_FEED_URL = 'https://api.github.com/repos/QuantumNous/new-api/releases/latest'

export interface UpdateCheckOptions {
  url?: string
  /** Tests point the check at a local feed; production uses the 'user' policy of the settings. */
  policy?: OutboundPolicy
  dispatcher?: Dispatcher
}

/**
 * Asks the release feed for the latest release. Goes through the server (the console's CSP allows
 * no third-party fetches) and the outbound guard like every server-side call. Returns null when
 * the feed cannot be reached or answers something unexpected: the caller shows "try later".
 */
export async function fetchLatestRelease(
  options: OutboundPolicyOptions,
  check: UpdateCheckOptions = {}
): Promise<LatestRelease | null> {
  try {
    const response = await guardedFetch(
      check.url ?? RELEASE_FEED_URL,
      { headers: { accept: 'application/vnd.github+json', 'user-agent': 'gateway-update-check' } },
      {
        policy: check.policy ?? policyFor(options, 'user'),
        dispatcher: check.dispatcher,
        timeoutMs: 8000,
        maxRedirects: 2,
        maxBytes: 512 * 1024,
      }
    )
    if (!response.ok) return null
    const data = (await response.json()) as Partial<Record<keyof LatestRelease, unknown>>
    if (typeof data.tag_name !== 'string' || data.tag_name === '') return null
    const htmlUrl = typeof data.html_url === 'string' && /^https:\/\//i.test(data.html_url) ? data.html_url : ''
    return { tag_name: data.tag_name, body: typeof data.body === 'string' ? data.body : '', html_url: htmlUrl }
  } catch {
    return null
  }
}
