/**
 * Validators for the filters pages keep in the URL (TanStack Router's validateSearch). The routes
 * are part of the first load, so this stays a few lines instead of a schema library: each field
 * turns whatever the URL held into a clean value or undefined (a bad value is dropped, never an
 * error page), and unknown keys are left out.
 *
 * The router JSON-parses search values: `?p=2` arrives as the number 2, `?keyword=abc` as a string,
 * `?keyword=123` as a number. Text fields accept numbers as their digits for that reason.
 */
import type { SearchSchemaInput } from '@tanstack/react-router'

export type Field<T> = (value: unknown) => T | undefined

/** Trimmed text of at most `max` characters (longer is dropped, not cut). */
export function text(max: number): Field<string> {
  return (value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return undefined
    const trimmed = String(value).trim()
    return trimmed.length <= max ? trimmed : undefined
  }
}

/** Untrimmed text of any length (values the page compares as they are, e.g. a model name). */
export const anyText: Field<string> = (value) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined

/** A whole number within [min, max], from a number or its digits. */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER): Field<number> {
  return (value) => {
    if (typeof value === 'string' && value.trim() === '') return undefined
    if (typeof value !== 'string' && typeof value !== 'number') return undefined
    const number = Number(value)
    return Number.isInteger(number) && number >= min && number <= max ? number : undefined
  }
}

/** One of a fixed list of words. */
export function oneOf<const V extends string>(values: readonly V[]): Field<V> {
  return (value) => (values.includes(value as V) ? (value as V) : undefined)
}

/** The field, or `fallback` when it has no valid value: the key is then always there. */
export function withDefault<T>(field: Field<T>, fallback: T): (value: unknown) => T {
  return (value) => field(value) ?? fallback
}

type Shape = Record<string, (value: unknown) => unknown>
type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends ReturnType<S[K]> ? K : never }[keyof S]
/** What a page reads: fields with a default are always there, the others may be absent. */
export type SearchOf<S extends Shape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: ReturnType<S[K]> } & {
  [K in OptionalKeys<S>]?: ReturnType<S[K]>
}
/** What a link may pass: any of the fields, none required (a default fills in). */
type SearchInputOf<S extends Shape> = { [K in keyof S]?: Exclude<ReturnType<S[K]>, undefined> } & SearchSchemaInput

/** A validateSearch function: the shape's keys, each validated, the absent and invalid ones left out. */
export function searchParams<S extends Shape>(shape: S): (search: SearchInputOf<S>) => SearchOf<S> {
  return (search) => {
    const raw = search as Record<string, unknown>
    const result: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(shape)) {
      const value = field(raw[key])
      if (value !== undefined) result[key] = value
    }
    return result as SearchOf<S>
  }
}
