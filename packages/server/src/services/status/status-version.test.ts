import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../../test/harness.ts'
import { VERSION } from '../../version.ts'

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

describe('VERSION', () => {
  it('is the version /api/status reports when set, as in the reference', async () => {
    h = await createHarness({ env: { VERSION: 'v9.9.9-site' } })
    expect((await h.request('GET', '/api/status')).json?.data.version).toBe('v9.9.9-site')
  })

  it('defaults to the built version', async () => {
    h = await createHarness()
    expect((await h.request('GET', '/api/status')).json?.data.version).toBe(VERSION)
  })
})
