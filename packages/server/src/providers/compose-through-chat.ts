import type { FrameError, ProtocolBridge, StreamContext, StreamTranslator, Usage } from './types.ts'

/**
 * A client protocol carried over a provider that speaks neither it nor OpenAI chat: the client's
 * request becomes a chat request (the client's bridge over chat), which the provider's chat bridge
 * converts for its upstream; the answer goes back the same way. Usage is the provider's own, as its
 * chat bridge read it (the chat JSON in between cannot carry cache-write tokens), and failures
 * inside a stream are told in the client's protocol.
 */
export function composeThroughChat(client: ProtocolBridge, providerChat: ProtocolBridge): ProtocolBridge {
  return {
    upstreamEndpoint: providerChat.upstreamEndpoint,
    buildBody(request, upstreamModel, settings) {
      const chatBody = client.buildBody(request, upstreamModel, settings)
      return providerChat.buildBody({ body: chatBody, stream: request.stream }, upstreamModel, settings)
    },
    convertJson(parsed, context) {
      const chat = providerChat.convertJson(parsed, context)
      const answer = client.convertJson(JSON.parse(chat.body), context)
      return { body: answer.body, usage: chat.usage ?? answer.usage, completionText: chat.completionText }
    },
    createStream: (context) => new ComposedStream(client, providerChat, context),
    // The client's translator writes the first frames (Anthropic's message_start), so it decides.
    announcesPromptTokens: client.announcesPromptTokens,
    errorFrame: client.errorFrame,
  }
}

/** The `data:` payloads of SSE frames (a frame may hold several lines, a string several frames). */
function payloadsOf(frames: string[]): string[] {
  const payloads: string[] = []
  for (const frame of frames) {
    for (const line of frame.split('\n')) {
      if (line.startsWith('data:')) payloads.push(line.slice(line[5] === ' ' ? 6 : 5))
    }
  }
  return payloads
}

/** The provider's translator writes chat chunks, which the client's chat translator reads. */
class ComposedStream implements StreamTranslator {
  private readonly client: ProtocolBridge
  private readonly requestId: string
  private readonly inner: StreamTranslator
  private readonly outer: StreamTranslator
  private failed = false

  constructor(client: ProtocolBridge, providerChat: ProtocolBridge, context: StreamContext) {
    this.client = client
    this.requestId = context.requestId
    // The chat stream in between always carries the usage chunk: the client's translator reports usage from it.
    this.inner = providerChat.createStream({ ...context, includeUsage: true })
    this.outer = client.createStream(context)
  }

  get usage(): Usage | undefined {
    return this.inner.usage ?? this.outer.usage
  }

  get text(): string {
    return this.inner.text
  }

  get error() {
    return this.inner.error
  }

  push(payload: string): string[] {
    return this.relay(this.inner.push(payload))
  }

  finish(): string[] {
    const frames = this.relay(this.inner.finish())
    if (this.failed) return frames
    return [...frames, ...this.outer.finish()]
  }

  private relay(chatFrames: string[]): string[] {
    if (this.failed) return []
    const frames: string[] = []
    for (const payload of payloadsOf(chatFrames)) {
      // The upstream's error event, which the provider's translator wrote as an OpenAI error chunk:
      // told once in the client's protocol, and the client's stream ends there.
      const error = this.inner.error
      if (error && payload.startsWith('{"error"')) {
        this.failed = true
        frames.push(this.client.errorFrame(upstreamStreamError(error), 'en', this.requestId))
        return frames
      }
      frames.push(...this.outer.push(payload))
    }
    return frames
  }
}

/**
 * An error event from inside an upstream stream, as the client bridge's error frame reads a relay
 * error. Its text is the upstream's own message, the same in every language, so the frame's
 * language argument does not matter here.
 */
const upstreamStreamError = (error: { type: string; message: string }): FrameError => ({
  status: 502,
  type: 'upstream_error',
  code: error.type,
  text: () => error.message,
})
