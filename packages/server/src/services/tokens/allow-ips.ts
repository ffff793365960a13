import { AppError } from '../../errors/app-error.ts'
import { allowListEntries, parseIpRange } from '../../lib/ip-allow-list.ts'

/** Refuses an allow list with an entry that is not an IP or CIDR, naming the entry; the relay reads lists with the same parser. */
export function assertAllowIps(allowIps: string): void {
  for (const entry of allowListEntries(allowIps)) {
    if (!parseIpRange(entry)) throw new AppError('BAD_REQUEST', 'token.allow_ip_invalid', { ip: entry.slice(0, 64) })
  }
}
