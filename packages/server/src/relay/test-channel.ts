import { Readable } from 'node:stream'
import { ChannelStatus, type ChannelTestResult } from '@gateway/shared'
import { setChannelStatus } from '../db/queries/channel-status.ts'
import { recordChannelTest } from '../db/queries/channels.ts'
import { translate, type Language } from '../i18n/messages.ts'
import { nowSeconds } from '../lib/time.ts'
import { adapterFor } from '../providers/registry.ts'
import { autoDisableChannelKey, autoEnableChannelKey } from '../services/channels/channel-key-status.ts'
import type { Services } from '../services/container.ts'
import { buildUpstreamCall, mappedModel, providerSettings } from './build-upstream-request.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import { isChannelFatal } from './channel-health.ts'
import type { RelayRequest } from './parse-request.ts'
import { bridgeFor } from './protocol-bridge.ts'
import { RelayError } from './relay-error.ts'
import { sendUpstream } from './upstream/send-upstream.ts'
import { toReadable } from './upstream/upstream-body.ts'
import { errorBodyUse, upstreamHttpError, upstreamTransportError } from './upstream/upstream-error.ts'

/** The request a channel test sends: a tiny chat, or an embedding for embedding models. */
function testRequest(model: string): RelayRequest {
  const embedding = /embedding|bge-|m3e|^text-embed/i.test(model)
  const reasoning = /^o\d/.test(model)
  const body: Record<string, unknown> = embedding
    ? { model, input: 'hello world' }
    : {
        model,
        messages: [{ role: 'user', content: 'hi' }],
        ...(reasoning ? { max_completion_tokens: 10 } : { max_tokens: 10 }),
      }
  return {
    endpoint: embedding ? 'embeddings' : 'chat',
    body,
    model,
    stream: false,
    wantsUsageChunk: false,
    maxTokens: 10,
    rawBody: JSON.stringify(body),
  }
}

/**
 * Tests one channel with a real upstream call and records its response time. The monitoring
 * rules apply: a fatal error or a response slower than ChannelDisableThreshold seconds disables
 * an auto-ban channel (when AutomaticDisableChannelEnabled); a success re-enables an auto-disabled
 * one (when AutomaticEnableChannelEnabled). A manually disabled channel is never re-enabled.
 * A failure answers a sentence in `language` (the console shows it as it is), never a message key.
 */
export async function testChannel(
  services: Services,
  channelId: number,
  model?: string,
  language: Language = services.env.DEFAULT_LANGUAGE
): Promise<ChannelTestResult> {
  const snapshot = await services.relay.channels.current()
  const cached = snapshot.channels.get(channelId)
  if (!cached) return { success: false, message: translate('channel.test_not_found', language), time: 0 }
  const channel = await testedKey(services, cached)
  if (!channel) return { success: false, message: translate('channel.no_enabled_key', language), time: 0 }
  const adapter = adapterFor(channel.type)
  const testModel = model || channel.testModel || channel.models[0] || 'gpt-4o-mini'
  const request = testRequest(testModel)
  const bridge = adapter
    ? bridgeFor(request.endpoint, adapter, channel, mappedModel(channel, request.model))
    : undefined
  if (!adapter || bridge === undefined)
    return { success: false, message: translate('channel.test_unsupported', language), time: 0 }
  const started = performance.now()
  let failure: RelayError | undefined
  try {
    const accessToken = adapter.credential
      ? await services.relay.accessTokens.tokenFor(adapter.credential, channel)
      : undefined
    const call = buildUpstreamCall(
      adapter,
      channel,
      request,
      false,
      bridge,
      accessToken,
      providerSettings(services.env)
    )
    const response = await sendUpstream(services, adapter, channel, call, false, AbortSignal.timeout(60_000))
    const text = await new Response(Readable.toWeb(toReadable(response.body)) as ReadableStream<Uint8Array>).text()
    if (response.statusCode !== 200)
      failure = upstreamHttpError(
        response.statusCode,
        text,
        channel.statusCodeMapping,
        channel.key,
        errorBodyUse(channel.baseUrl, 'none')
      )
    // Upstreams that report errors with HTTP 200 (Baidu, Tencent): the bridge reads the answer and throws them.
    else if (bridge)
      bridge.convertJson(JSON.parse(text), {
        clientModel: testModel,
        body: request.body,
        created: 0,
        requestId: 'channel-test',
        includeUsage: false,
      })
  } catch (error) {
    failure = error instanceof RelayError ? error : upstreamTransportError(error)
    services.relay.accessTokens.rejected(channel, failure)
  }
  const elapsedMs = Math.round(performance.now() - started)
  await recordChannelTest(services.db, channel.id, elapsedMs, nowSeconds())
  await applyMonitoring(services, channel, failure, elapsedMs)
  return { success: failure === undefined, message: failure?.text(language) ?? '', time: elapsedMs / 1000 }
}

/**
 * The channel as the test uses it. A multi-key channel is tested with one key, picked as a request
 * would pick it; when none is enabled, with one of its auto-disabled keys, so a passing test can
 * bring a recovered key (and its channel) back. Undefined when every key was disabled by hand.
 */
async function testedKey(services: Services, channel: RelayChannel): Promise<RelayChannel | undefined> {
  const keys = channel.multiKey
  if (!keys) return channel
  const picked = await services.relay.keys.forAttempt(channel)
  if (picked) return picked
  const index = keys.autoDisabled[Math.floor(Math.random() * keys.autoDisabled.length)]
  return index === undefined ? undefined : { ...channel, key: keys.keys[index] as string, keyIndex: index }
}

/**
 * On a multi-key channel a fatal failure disables the tested key (and the channel with its last
 * key), a pass brings back the tested key when it had been auto-disabled; slowness is the
 * channel's, whatever the key.
 */
async function applyMonitoring(
  services: Services,
  channel: RelayChannel,
  failure: RelayError | undefined,
  elapsedMs: number
): Promise<void> {
  const { options } = services
  const threshold = options.number('ChannelDisableThreshold')
  const tooSlow = failure === undefined && threshold > 0 && elapsedMs > threshold * 1000
  const multiKey = channel.multiKey !== undefined && channel.keyIndex !== undefined
  let changed = false
  if (options.bool('AutomaticDisableChannelEnabled') && channel.autoBan && channel.status === ChannelStatus.enabled) {
    const fatal =
      failure !== undefined && isChannelFatal(failure, channel.type, options.get('AutomaticDisableKeywords'))
    if (fatal && multiKey) {
      await autoDisableChannelKey(
        services,
        channel.id,
        channel.key,
        (failure as RelayError).text(services.env.DEFAULT_LANGUAGE).slice(0, 500),
        nowSeconds()
      )
    } else if (fatal || tooSlow) {
      const reason = fatal
        ? (failure as RelayError).text(services.env.DEFAULT_LANGUAGE).slice(0, 500)
        : translate('channel.test_too_slow', services.env.DEFAULT_LANGUAGE, {
            seconds: (elapsedMs / 1000).toFixed(2),
            threshold,
          })
      changed = await setChannelStatus(services.db, channel.id, ChannelStatus.autoDisabled, reason, nowSeconds(), [
        ChannelStatus.enabled,
      ])
    }
  }
  if (failure === undefined && !tooSlow && options.bool('AutomaticEnableChannelEnabled')) {
    const keyBack = multiKey
      ? await autoEnableChannelKey(services, channel.id, channel.key, nowSeconds())
      : { key: false, channel: false }
    if (!keyBack.channel && channel.status === ChannelStatus.autoDisabled) {
      changed = await setChannelStatus(services.db, channel.id, ChannelStatus.enabled, '', nowSeconds(), [
        ChannelStatus.autoDisabled,
      ])
    }
  }
  if (changed) await services.changes.publish({ kind: 'channels' })
}

/** Tests every channel one after another (a pause between them spares the upstreams). */
export async function testAllChannels(services: Services, pauseMs = 0): Promise<number> {
  const snapshot = await services.relay.channels.current()
  let tested = 0
  for (const channel of snapshot.channels.values()) {
    if (channel.status === ChannelStatus.manuallyDisabled) continue
    await testChannel(services, channel.id)
    tested++
    if (pauseMs > 0) await new Promise((done) => setTimeout(done, pauseMs))
  }
  return tested
}
