import { i18n } from '@/i18n'
import type { namespaces } from './resources'
import table from './route-namespaces.json'

/**
 * Which locale namespaces a page needs before it shows (route-namespaces.json, also read by the
 * size check). The shell's (common, nav, errors) come with the first load; a layout's and a page's
 * are fetched before the page renders, so it never shows a raw key, and only those: the token list
 * does not download the settings texts. The table's completeness is checked against each page's
 * imports by route-namespaces.test.ts.
 */
export type Namespace = (typeof namespaces)[number]
export type Layout = keyof typeof table

interface RouteEntry {
  pages: string[]
  namespaces: string[]
}

/** The layout's namespaces plus those of the longest route path that holds `pathname`. */
export function namespacesFor(layout: Layout, pathname: string): Namespace[] {
  const { layout: own, routes } = table[layout]
  const entries: Record<string, RouteEntry> = routes
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const key = Object.keys(entries)
    .filter((route) => path === route || (route !== '/' && path.startsWith(`${route}/`)))
    .sort((a, b) => b.length - a.length)[0]
  return [...new Set([...own, ...(key ? (entries[key]?.namespaces ?? []) : [])])] as Namespace[]
}

/** Resolves at once when everything is already loaded (every navigation after the first visit). */
export function loadRouteNamespaces(layout: Layout, pathname: string): Promise<void> {
  const needed = namespacesFor(layout, pathname)
  return needed.length > 0 ? i18n.loadNamespaces(needed) : Promise.resolve()
}
