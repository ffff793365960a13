import type { OptionStore } from '../options/option-store.ts'

/** The EPay merchant settings; `undefined` when online top-up is not fully configured. */
export interface EpaySettings {
  /** gateway base address, without a trailing slash */
  payAddress: string
  pid: string
  key: string
}

export function epaySettings(options: OptionStore): EpaySettings | undefined {
  const payAddress = options.get('PayAddress').replace(/\/+$/, '')
  const pid = options.get('EpayId')
  const key = options.get('EpayKey')
  // An empty key would make every signature trivially forgeable, so it disables payments outright.
  if (!payAddress || !pid || !key) return undefined
  return { payAddress, pid, key }
}

/** The top-up multiplier of a user group; a missing, zero or broken entry counts as 1. */
export function topupGroupRatio(options: OptionStore, group: string): number {
  const ratios = options.json<Record<string, unknown>>('TopupGroupRatio')
  const ratio = ratios && typeof ratios === 'object' ? ratios[group] : undefined
  return typeof ratio === 'number' && Number.isFinite(ratio) && ratio > 0 ? ratio : 1
}

/** The configured payment methods' types (for example `zfb`, `wx`), as the console shows them. */
export function payMethodTypes(options: OptionStore): string[] {
  const methods = options.json<unknown>('PayMethods')
  if (!Array.isArray(methods)) return []
  return methods
    .map((m: unknown) =>
      m && typeof m === 'object' && typeof (m as { type?: unknown }).type === 'string'
        ? (m as { type: string }).type
        : ''
    )
    .filter((type) => type !== '')
}

/**
 * The EPay `type` for a console payment method: the reference console names Alipay `zfb` and
 * WeChat Pay `wx`; any other configured type (alipay, wxpay, qqpay, ...) is the EPay name itself.
 */
export function epayType(paymentMethod: string): string {
  if (paymentMethod === 'zfb') return 'alipay'
  if (paymentMethod === 'wx') return 'wxpay'
  return paymentMethod
}
