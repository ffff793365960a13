import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../test/harness.ts'
import { parsePrometheusText } from '../../test/prometheus-text.ts'

let h: Harness
let root: TestUser

harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const setOption = async (key: string, value: string) =>
  h.request('PUT', '/api/option/', { as: root, body: { key, value } })
const scrape = (headers: Record<string, string> = {}) => h.request('GET', '/metrics', { headers })

describe('GET /metrics access (MetricsAccess)', () => {
  it('answers 404 by default: metrics are off until the root turns them on', async () => {
    expect(h.services.options.get('MetricsAccess')).toBe('off')
    const response = await scrape()
    expect(response.status).toBe(404)
    expect(response.text).not.toContain('gateway_relay_requests_total')
  })

  it('token: 401 without the bearer secret or with a wrong one, 200 with it; an unset secret admits no one', async () => {
    expect((await setOption('MetricsAccess', 'token')).json?.success).toBe(true)
    // No MetricsToken yet: even an empty bearer is refused.
    expect((await scrape({ authorization: 'Bearer ' })).status).toBe(401)
    expect((await setOption('MetricsToken', 's3cret-scrape-token')).json?.success).toBe(true)
    const missing = await scrape()
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
    expect((await scrape({ authorization: 'Bearer s3cret-scrape-tokeN' })).status).toBe(401)
    expect((await scrape({ authorization: 'Bearer s3cret' })).status).toBe(401)
    const ok = await scrape({ authorization: 'Bearer s3cret-scrape-token' })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    // The secret is write-only, like every *Token option.
    const listed = await h.request('GET', '/api/option/', { as: root })
    const keys = ((listed.json?.data ?? []) as { key: string }[]).map((o) => o.key)
    expect(keys).toContain('MetricsAccess')
    expect(keys).not.toContain('MetricsToken')
  })

  it('public: anyone may read it, and the exposition parses in the Prometheus text format', async () => {
    expect((await setOption('MetricsAccess', 'public')).json?.success).toBe(true)
    const response = await scrape()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const samples = parsePrometheusText(response.text)
    expect(response.text).toContain('# TYPE gateway_relay_requests_total counter')
    expect(response.text).toContain('# TYPE gateway_relay_duration_seconds histogram')
    expect(samples.filter((s) => s.name === 'gateway_relay_active_streams')).toEqual([
      { name: 'gateway_relay_active_streams', labels: {}, value: 0 },
    ])
    expect(
      samples
        .filter((s) => s.name === 'gateway_database_errors_total')
        .map((s) => s.labels.where)
        .sort()
    ).toEqual(['api', 'ledger', 'relay'])
  })

  it('refuses a value outside off, token and public', async () => {
    expect((await setOption('MetricsAccess', 'everyone')).json?.success).toBe(false)
    expect(h.services.options.get('MetricsAccess')).toBe('off')
  })
})
