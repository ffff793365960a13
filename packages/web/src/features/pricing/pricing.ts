import type { PricingItem } from '@gateway/shared'
import type { BadgeProps } from '@/components/ui/badge'

/** Dollars per 1M tokens: model ratio 1 is $0.002 per 1K tokens, so $2 per 1M, times the group ratio. */
export function inputPricePerMillion(item: PricingItem, groupRatio: number): number {
  return item.model_ratio * 2 * groupRatio
}

export function outputPricePerMillion(item: PricingItem, groupRatio: number): number {
  return inputPricePerMillion(item, groupRatio) * item.completion_ratio
}

export function perCallPrice(item: PricingItem, groupRatio: number): number {
  return item.model_price * groupRatio
}

/** "$1.25", "$0.0004", at most 6 decimals without trailing zeros. */
export function formatUsd(value: number): string {
  return `$${Number(value.toFixed(6)).toString()}`
}

/** The group tag colour: above 5 red, above 3 orange, above 1 blue, otherwise green. */
export function groupRatioVariant(ratio: number | undefined): NonNullable<BadgeProps['variant']> {
  if (ratio === undefined) return 'muted'
  if (ratio > 5) return 'danger'
  if (ratio > 3) return 'warning'
  if (ratio > 1) return 'info'
  return 'success'
}

/** The group the page opens with: the user's own group when usable, else default, else the first. */
export function initialGroup(groupRatio: Record<string, number>, userGroup: string | undefined): string {
  if (userGroup && userGroup in groupRatio) return userGroup
  if ('default' in groupRatio) return 'default'
  return Object.keys(groupRatio)[0] ?? 'default'
}

/** Models matching the search text (case-insensitive) that the group can use. */
export function filterPricing(items: PricingItem[], search: string, group: string): PricingItem[] {
  const needle = search.trim().toLowerCase()
  return items.filter(
    (item) =>
      (!needle || item.model_name.toLowerCase().includes(needle)) && (!group || item.enable_groups.includes(group))
  )
}
