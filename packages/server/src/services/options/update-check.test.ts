import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startListener, type Listener } from '../../../test/kits/outbound.ts'
import { createOutboundPolicy, userPorts } from '../../lib/outbound/address-policy.ts'
import { fetchLatestRelease } from './update-check.ts'

let feed: Listener
const settings = { bool: () => false }

beforeAll(async () => {
  feed = await startListener((request, response) => {
    if (request.url === '/latest') {
      response.setHeader('content-type', 'application/json')
      return response.end(
        JSON.stringify({
          tag_name: 'v9.9.9',
          body: '## Notes\n- fixed',
          html_url: 'https://example.com/r/v9.9.9',
          extra: 1,
        })
      )
    }
    if (request.url === '/no-tag') return response.end(JSON.stringify({ message: 'rate limited' }))
    if (request.url === '/garbage') return response.end('<html>')
    if (request.url === '/javascript-link')
      return response.end(JSON.stringify({ tag_name: 'v1', html_url: 'javascript:alert(1)' }))
    response.writeHead(404).end()
  })
})
afterAll(async () => {
  await feed.close()
})

// A local feed needs loopback and its random port opened; the production policy allows neither.
const local = () => ({ policy: createOutboundPolicy('user', true, [...userPorts, [feed.port, feed.port]]) })

describe('fetchLatestRelease', () => {
  it('reads the tag, notes and link of the latest release', async () => {
    expect(await fetchLatestRelease(settings, { ...local(), url: `${feed.origin}/latest` })).toEqual({
      tag_name: 'v9.9.9',
      body: '## Notes\n- fixed',
      html_url: 'https://example.com/r/v9.9.9',
    })
    expect(feed.requests.at(-1)?.headers['user-agent']).toBe('gateway-update-check')
  })

  it('answers null for errors, odd answers and unreachable feeds', async () => {
    for (const path of ['/missing', '/no-tag', '/garbage']) {
      expect(await fetchLatestRelease(settings, { ...local(), url: `${feed.origin}${path}` }), path).toBeNull()
    }
    expect(await fetchLatestRelease(settings, { ...local(), url: 'http://127.0.0.1:1/latest' })).toBeNull()
  })

  it('drops links that are not https', async () => {
    expect((await fetchLatestRelease(settings, { ...local(), url: `${feed.origin}/javascript-link` }))?.html_url).toBe(
      ''
    )
  })

  it('goes through the outbound guard: loopback is refused under the default user policy', async () => {
    expect(await fetchLatestRelease(settings, { url: `${feed.origin}/latest` })).toBeNull()
    const before = feed.connections()
    await fetchLatestRelease(settings, { url: `http://127.0.0.1:${feed.port}/latest` })
    expect(feed.connections()).toBe(before)
  })
})
