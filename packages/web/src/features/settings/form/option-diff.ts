/**
 * Pure helpers of the settings forms: what changed, in which order to save it, and the JSON check
 * the spec asks for on blur.
 */

/**
 * The keys whose edited value differs from the stored one. A secret is never read back, so its
 * field starts empty and counts as changed only once something is typed into it.
 */
export function changedEntries(
  keys: readonly string[],
  stored: Readonly<Record<string, string>>,
  draft: Readonly<Record<string, string>>,
  secrets: ReadonlySet<string> = new Set()
): [string, string][] {
  const changes: [string, string][] = []
  for (const key of keys) {
    if (!Object.hasOwn(draft, key)) continue
    const value = draft[key]!
    if (secrets.has(key) ? value !== '' : value !== (stored[key] ?? '')) changes.push([key, value])
  }
  // Switches last: the server refuses to switch a feature on before the settings it needs are saved.
  return changes.sort(([a], [b]) => Number(isSwitchKey(a)) - Number(isSwitchKey(b)))
}

export const isSwitchKey = (key: string): boolean => key.endsWith('Enabled')

/** True for text that JSON.parse accepts; blank text is allowed only when `allowBlank`. */
export function isValidJson(text: string, allowBlank = false): boolean {
  if (text.trim() === '') return allowBlank
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Pretty-prints stored JSON for the editors; leaves anything unparsable as it is. */
export function prettyJson(text: string | undefined): string {
  if (!text) return ''
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** The spec strips trailing slashes from server, worker, pay and WeChat server addresses. */
export const stripTrailingSlashes = (value: string): string => value.trim().replace(/\/+$/, '')
