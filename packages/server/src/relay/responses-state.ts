import { nowSeconds } from '../lib/time.ts'
import {
  chatMessagesToResponsesInput,
  responsesOutputToChatMessage,
} from '../providers/openai-responses/chat-history-items.ts'
import { convertFromResponsesRequest } from '../providers/openai-responses/convert-from-responses-request.ts'
import type {
  ResponsesInputItem,
  ResponsesRequest,
  ResponsesResponse,
} from '../providers/openai-responses/responses-api.ts'
import { adapterFor } from '../providers/registry.ts'
import type { Services } from '../services/container.ts'
import {
  loadStoredConversation,
  responseRetentionSeconds,
  saveStoredConversation,
  type StoredResponseOwner,
} from '../services/responses/response-store.ts'
import { mappedModel } from './build-upstream-request.ts'
import type { Candidate } from './cache/channel-cache.ts'
import type { Exchange } from './exchange.ts'
import type { RelayRequest } from './parse-request.ts'
import { bridgeFor, type ProtocolBridge, type StreamTranslator } from './protocol-bridge.ts'
import { RelayError } from './relay-error.ts'

/**
 * The Responses API is stateful: a client names its previous answer in `previous_response_id` and
 * sends only what is new. An OpenAI channel keeps that state itself; a channel that speaks only
 * Chat Completions does not, so the gateway keeps the conversations it converted
 * (services/responses/response-store.ts) and puts them back in front of the new input.
 */

const previousIdOf = (request: RelayRequest): string | undefined =>
  request.endpoint === 'responses' &&
  typeof request.body.previous_response_id === 'string' &&
  request.body.previous_response_id !== ''
    ? request.body.previous_response_id
    : undefined

/** A Responses request that this bridge carries over Chat Completions (the gateway holds its state). */
const convertsResponses = (
  request: RelayRequest,
  bridge: ProtocolBridge | null | undefined
): bridge is ProtocolBridge => request.endpoint === 'responses' && !!bridge && bridge.upstreamEndpoint !== 'responses'

/** Whether a channel would carry this Responses request over Chat Completions. */
function channelConverts(request: RelayRequest, candidate: Candidate): boolean {
  const adapter = adapterFor(candidate.channel.type)
  const bridge = adapter
    ? bridgeFor('responses', adapter, candidate.channel, mappedModel(candidate.channel, request.model))
    : undefined
  return bridge?.upstreamEndpoint !== 'responses'
}

/**
 * The Responses API's own answer to an id it does not know, so SDKs and agents that fall back to
 * sending the whole history on `previous_response_id_not_found` do so here too. With storing off
 * the message says why.
 */
function notFound(services: Services, id: string): RelayError {
  const off = responseRetentionSeconds(services.options) === 0
  return new RelayError({
    status: 400,
    type: 'invalid_request_error',
    code: 'previous_response_not_found',
    param: 'previous_response_id',
    messageKey: off ? 'responses.state_off' : 'responses.previous_not_found',
    params: { id },
    // A channel of a later group (cross-group retry) may speak Responses and know the id itself.
    retryable: true,
  })
}

/**
 * Before anything is reserved: a request continuing a conversation the gateway stored gets that
 * conversation written in front of its input, as Responses items, and loses previous_response_id,
 * so any channel can serve it (a chat channel converts the items; an OpenAI channel, which never
 * saw the gateway's id, reads them natively). An id the gateway does not hold can only be served
 * by a channel that speaks Responses (its upstream may know it), so the route keeps only those;
 * when it has none the request is refused here, before any money is held. Returns the levels to
 * try and how many characters the input grew by, for the reservation.
 */
export async function resolvePreviousResponse(
  services: Services,
  request: RelayRequest,
  owner: StoredResponseOwner,
  levels: Candidate[][]
): Promise<{ levels: Candidate[][]; historyLength: number }> {
  const id = previousIdOf(request)
  if (id === undefined) return { levels, historyLength: 0 }
  const stored = await loadStoredConversation(services, id, owner)
  if (!stored) {
    // New arrays: the levels belong to the shared routing snapshot.
    const native = levels
      .map((level) => level.filter((candidate) => !channelConverts(request, candidate)))
      .filter((level) => level.length > 0)
    if (native.length === 0) throw notFound(services, id)
    return { levels: native, historyLength: 0 }
  }
  const input = request.body.input
  const added: ResponsesInputItem[] =
    typeof input === 'string'
      ? [{ role: 'user', content: input }]
      : Array.isArray(input)
        ? (input as ResponsesInputItem[])
        : []
  const history = chatMessagesToResponsesInput(stored.messages)
  request.body.input = [...history, ...added]
  delete request.body.previous_response_id
  // The body sent upstream is serialised again from `body`.
  request.rawBody = ''
  return { levels, historyLength: JSON.stringify(history).length }
}

/**
 * The bridge one attempt uses. On a chat channel a Responses request must have had its previous
 * response resolved (else it is refused; only a channel of a later group, which the route's
 * filter did not see, can get here with it), and unless the client said `store: false` its answer is kept once complete, so it can be
 * continued in turn.
 */
export function responsesStateBridge<B extends ProtocolBridge | null | undefined>(
  exchange: Exchange,
  bridge: B
): B | ProtocolBridge {
  const { request, services } = exchange
  if (!convertsResponses(request, bridge)) return bridge
  const id = previousIdOf(request)
  if (id !== undefined) throw notFound(services, id)
  if (request.body.store === false || responseRetentionSeconds(services.options) === 0) return bridge
  return storingBridge(bridge, (response) => keepConversation(exchange, response))
}

/** The conversation so far, as the next turn needs it: this request's input (history included) and the answer. */
function keepConversation(exchange: Exchange, response: ResponsesResponse): void {
  if (response.status !== 'completed' && response.status !== 'incomplete') return
  const answer = responsesOutputToChatMessage(response.output)
  if (!answer) return
  const body = exchange.request.body as ResponsesRequest
  // Instructions are not carried into the next turn (as OpenAI does); they are kept to be read back.
  const input = convertFromResponsesRequest({ ...body, instructions: undefined }, exchange.request.model).messages
  const owner = { userId: exchange.user.id, tokenId: exchange.token?.id ?? 0 }
  const conversation = {
    id: response.id,
    model: exchange.request.model,
    instructions: typeof body.instructions === 'string' ? body.instructions : '',
    messages: [...input, answer],
    createdAt: nowSeconds(),
  }
  exchange.services.relay.track(saveStoredConversation(exchange.services, owner, conversation))
}

const FINAL_EVENT = /^event: response\.(?:completed|incomplete)\ndata: (.*)\n\n$/s

/** The bridge, handing the finished Responses answer (JSON, or the stream's final event) to `keep`. */
function storingBridge(bridge: ProtocolBridge, keep: (response: ResponsesResponse) => void): ProtocolBridge {
  return {
    ...bridge,
    convertJson(parsed, context) {
      const converted = bridge.convertJson(parsed, context)
      keep(JSON.parse(converted.body) as ResponsesResponse)
      return converted
    },
    createStream(context) {
      const inner = bridge.createStream(context)
      const translator: StreamTranslator = {
        push: (payload) => inner.push(payload),
        finish() {
          const frames = inner.finish()
          const last = FINAL_EVENT.exec(frames.at(-1) ?? '')
          if (last && inner.error === undefined)
            keep((JSON.parse(last[1] as string) as { response: ResponsesResponse }).response)
          return frames
        },
        get usage() {
          return inner.usage
        },
        get text() {
          return inner.text
        },
        get error() {
          return inner.error
        },
      }
      return translator
    },
  }
}
