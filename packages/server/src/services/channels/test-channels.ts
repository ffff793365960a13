import { ChannelStatus, ChannelType, type ChannelTestResult } from '@gateway/shared'
import { AppError } from '../../errors/app-error.ts'
import type { Language } from '../../i18n/messages.ts'
import { testChannel } from '../../relay/test-channel.ts'
import type { Services } from '../container.ts'
import { startChannelRun, type ChannelRun } from './channel-runs.ts'
import { requireRelayChannel } from './fetch-upstream-models.ts'

/** Drawing and music channels answer asynchronous task APIs: a chat request says nothing about them. */
const untestableTypes: ReadonlySet<number> = new Set([
  ChannelType.midjourney,
  ChannelType.midjourneyPlus,
  ChannelType.sunoAPI,
])

/** GET /api/channel/test/:id?model=: one real request; auto-disable and auto-enable apply. The failure reads in `language`. */
export async function testOneChannel(
  services: Services,
  id: number,
  model: string | undefined,
  language: Language
): Promise<ChannelTestResult> {
  const channel = await requireRelayChannel(services, id)
  if (untestableTypes.has(channel.type)) throw new AppError('BAD_REQUEST', 'channel.not_testable')
  return testChannel(services, id, model?.trim() || undefined, language)
}

/**
 * GET /api/channel/test and the CHANNEL_TEST_FREQUENCY job: every channel that is not manually
 * disabled (auto-disabled ones are tested so that they can come back). Undefined when a run is going.
 */
export async function startTestAllRun(services: Services, pauseMs = 0): Promise<ChannelRun | undefined> {
  const snapshot = await services.relay.channels.current()
  const ids = [...snapshot.channels.values()]
    .filter((channel) => channel.status !== ChannelStatus.manuallyDisabled && !untestableTypes.has(channel.type))
    .map((channel) => channel.id)
    .sort((a, b) => a - b)
  return startChannelRun(services, 'test', ids, async (id) => (await testChannel(services, id)).success, pauseMs)
}
