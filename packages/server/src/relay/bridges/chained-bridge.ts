import type { ProtocolBridge, StreamTranslator } from '../protocol-bridge.ts'

/**
 * A client protocol carried over an upstream protocol through OpenAI chat completions in between:
 * `outer` turns the client's request into a chat request (and a chat answer back into the
 * client's), `inner` carries that chat request over the channel. Anthropic Messages on a Gemini
 * channel, Gemini-native calls on an Anthropic channel and Responses on a Gemini channel need no
 * converter of their own this way. Usage and text come from the inner side, the upstream's own.
 */
export function chainBridges(outer: ProtocolBridge, inner: ProtocolBridge): ProtocolBridge {
  return {
    upstreamEndpoint: inner.upstreamEndpoint,
    buildBody(request, upstreamModel, settings) {
      const chat = outer.buildBody(request, upstreamModel, settings)
      // The chat request must say it streams (and ask for usage) whatever the client's protocol says.
      if (request.stream) Object.assign(chat, { stream: true, stream_options: { include_usage: true } })
      return inner.buildBody({ ...request, endpoint: 'chat', body: chat, rawBody: JSON.stringify(chat) }, upstreamModel, settings)
    },
    convertJson(parsed, context) {
      const chat = inner.convertJson(parsed, context)
      const client = outer.convertJson(JSON.parse(chat.body), context)
      return { body: client.body, usage: chat.usage ?? client.usage, completionText: chat.completionText }
    },
    createStream(context) {
      // The outer translator reads the usage from the chat stream's usage chunk, so it is always asked for.
      return new ChainedStream(inner.createStream({ ...context, includeUsage: true }), outer.createStream(context))
    },
    errorFrame: outer.errorFrame,
  }
}

/** The inner translator's chat chunks, fed one `data:` payload at a time to the outer translator. */
class ChainedStream implements StreamTranslator {
  private readonly inner: StreamTranslator
  private readonly outer: StreamTranslator

  constructor(inner: StreamTranslator, outer: StreamTranslator) {
    this.inner = inner
    this.outer = outer
  }

  push(payload: string): string[] {
    return this.relay(this.inner.push(payload))
  }

  finish(): string[] {
    return [...this.relay(this.inner.finish()), ...this.outer.finish()]
  }

  get usage() {
    return this.inner.usage ?? this.outer.usage
  }

  get text() {
    return this.inner.text
  }

  get error() {
    return this.inner.error ?? this.outer.error
  }

  private relay(frames: string[]): string[] {
    const out: string[] = []
    for (const frame of frames)
      for (const line of frame.split('\n')) {
        if (!line.startsWith('data:')) continue
        const payload = line.slice(5).trim()
        // The chat stream's end marker: the outer translator closes in finish().
        if (payload === '' || payload === '[DONE]') continue
        out.push(...this.outer.push(payload))
      }
    return out
  }
}
