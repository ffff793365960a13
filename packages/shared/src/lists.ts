import { z } from 'zod'

/** Splits a comma list: trims every item and drops empty ones. Duplicates are kept (see uniqueItems). */
export function splitCommaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/** Splits a newline list (any line ending): trims every line and drops empty ones. */
export function splitLines(value: string): string[] {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/** The items in first-seen order without repeats. */
export const uniqueItems = (items: readonly string[]): string[] => [...new Set(items)]

/** The UTF-8 size of a string: what a MySQL TEXT column (65,535 bytes) counts. */
export const utf8Length = (value: string): number => new TextEncoder().encode(value).length

/** Long text that must fit a TEXT column on every dialect. */
export const TEXT_MAX_BYTES = 65_535

/** A string that fits a TEXT column; the message names the field when it does not. */
export const textColumn = () => z.string().refine((value) => utf8Length(value) <= TEXT_MAX_BYTES)

/** A comma list or an array of names, as one list (trimmed, empties dropped). */
export const nameList = (message: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: message })
    .transform((value) => (Array.isArray(value) ? value.flatMap(splitCommaList) : splitCommaList(value)))
