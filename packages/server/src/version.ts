import { readFileSync } from 'node:fs'

/** The product version, from the root package.json, shown in the status and the footer. */
export const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string
    }
    return `v${pkg.version ?? '0.0.0'}`
  } catch {
    return 'v0.0.0'
  }
})()
