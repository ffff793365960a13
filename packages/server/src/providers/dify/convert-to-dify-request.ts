import type { OpenAIChatMessage, OpenAIChatRequest, OpenAIContentPart } from '../openai-chat-api.ts'
import { DIFY_DEFAULT_USER, type DifyChatRequest, type DifyFile } from './dify-api.ts'

/**
 * Put in the query where the client sent an inline (base64) image: Dify takes images by URL or by
 * the id of a file uploaded beforehand through its /files/upload, which a single relayed request
 * cannot do. The note lets the app's model say that it did not see the image instead of guessing.
 */
export const INLINE_IMAGE_NOTE = '[an inline image was left out: this Dify channel accepts images by http(s) URL only]'

const REMOTE_URL = /^https?:\/\//i

interface MessageParts {
  text: string
  files: DifyFile[]
}

function partsOf(content: OpenAIChatMessage['content']): MessageParts {
  if (content === undefined || content === null) return { text: '', files: [] }
  if (typeof content === 'string') return { text: content, files: [] }
  const texts: string[] = []
  const files: DifyFile[] = []
  for (const part of content as OpenAIContentPart[]) {
    if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text)
    else if (part.type === 'image_url') {
      const image = (part as { image_url?: { url?: unknown } | string }).image_url
      const url = typeof image === 'string' ? image : image?.url
      if (typeof url !== 'string') continue
      if (REMOTE_URL.test(url)) files.push({ type: 'image', transfer_method: 'remote_url', url })
      else texts.push(INLINE_IMAGE_NOTE)
    }
  }
  return { text: texts.join('\n'), files }
}

function lineOf(message: OpenAIChatMessage, text: string): string {
  const role = message.role === 'developer' ? 'system' : message.role
  const calls = (message.tool_calls ?? []).map(
    (call) => `[tool call ${call.function.name}(${call.function.arguments})]`
  )
  const body = [text, ...calls].filter((piece) => piece !== '').join(' ')
  return body === '' ? '' : `${role}: ${body}`
}

/**
 * An OpenAI chat request as a Dify chat-messages request.
 *
 * Dify keeps a conversation's history on its side under a conversation_id; OpenAI clients send the
 * whole history with every request and know no such id, so every relayed request starts a new Dify
 * conversation and the history has to travel in the query. When the request is exactly one user
 * message, that text is the query as it is: the common case, and the one in which the app's
 * knowledge retrieval and prompt see the user's words unchanged. Otherwise (a system message,
 * earlier turns, tool results) the conversation is flattened in order into "role: text" blocks
 * ending with the last user message, so that nothing the client sent is silently dropped; Dify's
 * app prompt still comes first, as the app's owner configured it.
 *
 * Images become Dify `files` by URL, from every user message. The model name is not sent: a Dify
 * app chooses its own model. OpenAI's sampling settings and tools have no place in this API and
 * are not sent either; the app's configuration decides them. The app's `inputs` can be set by the
 * channel's parameter override.
 */
export function convertToDifyRequest(request: OpenAIChatRequest): DifyChatRequest {
  const files: DifyFile[] = []
  const lines: string[] = []
  let only: string | undefined
  const messages = request.messages.filter((message) => {
    const content = message.content
    return (
      (typeof content === 'string' ? content !== '' : Array.isArray(content) && content.length > 0) ||
      (message.tool_calls?.length ?? 0) > 0
    )
  })
  for (const message of messages) {
    const parts = partsOf(message.content)
    if (message.role === 'user') files.push(...parts.files)
    const line = lineOf(message, parts.text)
    if (line !== '') lines.push(line)
    if (messages.length === 1 && message.role === 'user') only = parts.text
  }
  const user = typeof request.user === 'string' && request.user.trim() !== '' ? request.user : DIFY_DEFAULT_USER
  const out: DifyChatRequest = {
    inputs: {},
    query: only ?? lines.join('\n\n'),
    response_mode: request.stream ? 'streaming' : 'blocking',
    user,
    // Each request is a new conversation; naming it would cost the app's owner an extra model call.
    auto_generate_name: false,
  }
  if (files.length > 0) out.files = files
  return out
}
