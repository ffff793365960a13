import { describe, expect, it } from 'vitest'
import type { RelayChannel } from '../../relay/cache/channel-cache.ts'
import { azureAdapter } from './azure-adapter.ts'

const channel = (other: string) => ({ baseUrl: 'https://example.openai.azure.com', other }) as RelayChannel
const settings = { azureApiVersion: '2025-04-01-preview', geminiSafetyThreshold: 'OFF' }

describe('Azure API version', () => {
  it('is the deployment default (AZURE_DEFAULT_API_VERSION) when the channel names none', () => {
    expect(
      azureAdapter.buildUrl(channel(''), 'chat', 'gpt-4o', false, undefined, settings).searchParams.get('api-version')
    ).toBe('2025-04-01-preview')
  })

  it("is the channel's own when it names one", () => {
    expect(
      azureAdapter
        .buildUrl(channel('2024-10-21'), 'chat', 'gpt-4o', false, undefined, settings)
        .searchParams.get('api-version')
    ).toBe('2024-10-21')
  })
})
