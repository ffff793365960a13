/** The email domain whitelist is stored as a comma list; the editor works on an array. */
export const parseDomains = (text: string): string[] =>
  text
    .split(',')
    .map((domain) => domain.trim())
    .filter(Boolean)

/** Adds a domain only if it is non-empty and not already listed (spec §5); returns the same list otherwise. */
export function addDomain(list: readonly string[], raw: string): string[] {
  const domain = raw.trim().toLowerCase().replace(/^@/, '')
  if (!domain || list.some((existing) => existing.toLowerCase() === domain)) return [...list]
  return [...list, domain]
}

export const removeDomain = (list: readonly string[], domain: string): string[] =>
  list.filter((existing) => existing !== domain)
