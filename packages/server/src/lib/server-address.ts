import type { Context } from 'hono'
import type { HonoEnv } from '../context.ts'
import type { OptionStore } from '../services/options/option-store.ts'
import { publicOrigin } from './public-origin.ts'

/**
 * The address links, callbacks and previews are built from: the stored ServerAddress when the
 * root set one, otherwise the origin this request reached the gateway at (X-Forwarded-* only from
 * a trusted proxy, see publicOrigin). A fixed default such as http://localhost:3000 would be wrong
 * on any other port or host, so an unset option means "wherever the console is served from".
 */
export function serverAddress(c: Context<HonoEnv>): string {
  return storedServerAddress(c.get('services').options) || publicOrigin(c).origin
}

/** The root's ServerAddress without trailing slashes, or '' when none is set. */
export function storedServerAddress(options: OptionStore): string {
  return options.get('ServerAddress').trim().replace(/\/+$/, '')
}

/**
 * The CSP source for the effective server address when the console must load images from it
 * (drawing previews at `{address}/mj/image/...`) and it is not the page's own origin: '' otherwise.
 * URL.origin never holds a space or ';', so the value cannot add a directive.
 */
export function serverAddressImageSource(c: Context<HonoEnv>): string {
  try {
    const url = new URL(serverAddress(c))
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return ''
    return url.origin === publicOrigin(c).origin ? '' : url.origin
  } catch {
    return ''
  }
}
