import { formatQuota, type QuotaDisplay } from '@gateway/shared'
import { useStatus } from './status'

/** How this server shows quota (per /api/status): as `$` at quota_per_unit a dollar, or as tokens. */
export function useQuotaDisplay(): QuotaDisplay {
  const status = useStatus()
  return { quotaPerUnit: status.quota_per_unit, displayInCurrency: status.display_in_currency }
}

/**
 * The console's one money formatter for quota amounts: formatQuota from @gateway/shared with this
 * server's display options, so every page writes the same amount the same way.
 */
export function useFormatQuota(): (quota: number, digits?: number) => string {
  const display = useQuotaDisplay()
  return (quota, digits) => formatQuota(quota, display, digits)
}
