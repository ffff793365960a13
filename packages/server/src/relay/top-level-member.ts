/**
 * The text of one member of a JSON object's top level (`"usage": {...}` → `{...}`), found by one
 * pass over the characters instead of parsing the whole answer: a relayed answer is read for its
 * usage alone, and its text goes to the client as it came. Strings (and their escapes) are skipped,
 * so a key inside a string or deeper in the object is never taken for it.
 *
 * Answers undefined when the member is absent, when its value is not an object, or when `json` is
 * not one whole object (unbalanced, or more than one value): the caller then parses it fully, and
 * a broken answer is refused there as before.
 */
export function topLevelObjectMember(json: string, key: string): string | undefined {
  let depth = 0
  let found: string | undefined
  /** the key string that ended last at depth 1, while its colon and value may follow */
  let lastKeyStart = -1
  let lastKeyEnd = -1
  let valueStart = -1
  let i = skipSpace(json, 0)
  if (json.charCodeAt(i) !== OPEN_BRACE) return undefined
  for (; i < json.length; i++) {
    const c = json.charCodeAt(i)
    if (c === QUOTE) {
      const end = stringEnd(json, i)
      if (end === -1) return undefined
      if (depth === 1 && valueStart === -1) {
        lastKeyStart = i + 1
        lastKeyEnd = end
      }
      i = end
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === 1 && c === OPEN_BRACE && valueStart === -2) valueStart = i
      depth++
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--
      if (depth < 0) return undefined
      if (depth === 1 && valueStart >= 0) {
        found = json.slice(valueStart, i + 1)
        valueStart = -1
      }
      if (depth === 0) return skipSpace(json, i + 1) === json.length ? found : undefined
    } else if (c === COLON && depth === 1) {
      // The value of the wanted key, if this colon follows it: -2 says "take the object that comes".
      const wanted = lastKeyEnd - lastKeyStart === key.length && json.startsWith(key, lastKeyStart)
      valueStart = wanted ? -2 : -1
      lastKeyStart = lastKeyEnd = -1
    } else if (c === COMMA && depth === 1) {
      valueStart = -1
    }
  }
  return undefined
}

/** That member parsed: undefined when topLevelObjectMember finds none or its text does not parse. */
export function parsedTopLevelObject(json: string, key: string): unknown {
  const member = topLevelObjectMember(json, key)
  if (member === undefined) return undefined
  try {
    return JSON.parse(member) as unknown
  } catch {
    return undefined
  }
}

const QUOTE = 34
const BACKSLASH = 92
const OPEN_BRACE = 123
const CLOSE_BRACE = 125
const OPEN_BRACKET = 91
const CLOSE_BRACKET = 93
const COLON = 58
const COMMA = 44

/** Where the string that opens at `start` closes (its quote), or -1 when it does not. */
function stringEnd(json: string, start: number): number {
  for (let i = start + 1; i < json.length; i++) {
    const c = json.charCodeAt(i)
    if (c === BACKSLASH) i++
    else if (c === QUOTE) return i
  }
  return -1
}

function skipSpace(json: string, from: number): number {
  let i = from
  for (; i < json.length; i++) {
    const c = json.charCodeAt(i)
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break
  }
  return i
}
