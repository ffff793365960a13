import type { OpenAIChatMessage, OpenAIChatRequest, OpenAIContentPart, OpenAIFunctionTool } from '../openai-chat-api.ts'
import type { HunyuanContent, HunyuanMessage, HunyuanRequest, HunyuanTool } from './hunyuan-api.ts'

/** The text parts and image URLs of an OpenAI message's content. */
function partsOf(content: OpenAIChatMessage['content']): {
  text: string
  contents: HunyuanContent[]
  hasImage: boolean
} {
  if (content === undefined || content === null) return { text: '', contents: [], hasImage: false }
  if (typeof content === 'string')
    return { text: content, contents: content ? [{ Type: 'text', Text: content }] : [], hasImage: false }
  let text = ''
  let hasImage = false
  const contents: HunyuanContent[] = []
  for (const part of content as OpenAIContentPart[]) {
    if (part.type === 'text' && typeof part.text === 'string') {
      text += part.text
      contents.push({ Type: 'text', Text: part.text })
    } else if (part.type === 'image_url') {
      const image = (part as { image_url?: { url?: unknown } | string }).image_url
      const url = typeof image === 'string' ? image : image?.url
      // Hunyuan's vision models take http(s) URLs and data: URLs alike.
      if (typeof url === 'string') {
        hasImage = true
        contents.push({ Type: 'image_url', ImageUrl: { Url: url } })
      }
    }
  }
  return { text, contents, hasImage }
}

function toolOf(tool: OpenAIFunctionTool): HunyuanTool {
  const out: HunyuanTool = {
    Type: 'function',
    Function: {
      Name: tool.function.name,
      Parameters: JSON.stringify(tool.function.parameters ?? { type: 'object', properties: {} }),
    },
  }
  if (tool.function.description) out.Function.Description = tool.function.description
  return out
}

/**
 * An OpenAI Chat Completions request as a Hunyuan ChatCompletions request: system and developer
 * text become one leading system message (Hunyuan accepts a system message only first), images
 * go in Contents, tool calls and answers keep their ids, tools carry their schema as a JSON
 * string, and tool_choice maps to none/auto/custom (`required` has no equivalent: it forces the
 * only tool when there is one, and is auto otherwise). max_tokens has no Hunyuan parameter.
 */
export function convertToHunyuanRequest(request: OpenAIChatRequest, upstreamModel: string): HunyuanRequest {
  const system: string[] = []
  const messages: HunyuanMessage[] = []
  for (const message of request.messages) {
    const { text, contents, hasImage } = partsOf(message.content)
    if (message.role === 'system' || message.role === 'developer') {
      if (text) system.push(text)
    } else if (message.role === 'tool') {
      messages.push({ Role: 'tool', Content: text, ToolCallId: message.tool_call_id ?? '' })
    } else if (message.role === 'assistant') {
      const out: HunyuanMessage = { Role: 'assistant' }
      if (text || !message.tool_calls?.length) out.Content = text
      if (message.tool_calls?.length) {
        out.ToolCalls = message.tool_calls.map((call) => ({
          Id: call.id,
          Type: 'function',
          Function: { Name: call.function.name, Arguments: call.function.arguments },
        }))
      }
      messages.push(out)
    } else {
      messages.push(hasImage ? { Role: 'user', Contents: contents } : { Role: 'user', Content: text })
    }
  }
  if (system.length > 0) messages.unshift({ Role: 'system', Content: system.join('\n') })

  const out: HunyuanRequest = { Model: upstreamModel, Messages: messages, Stream: request.stream === true }
  if (typeof request.temperature === 'number') out.Temperature = request.temperature
  if (typeof request.top_p === 'number') out.TopP = request.top_p
  if (request.stop !== undefined && request.stop !== null)
    out.Stop = typeof request.stop === 'string' ? [request.stop] : request.stop
  if (typeof request.seed === 'number' && request.seed > 0) out.Seed = request.seed
  const tools = (request.tools ?? []).filter((tool) => tool.type === 'function').map(toolOf)
  if (tools.length > 0) {
    out.Tools = tools
    const choice = request.tool_choice
    if (choice === 'none' || choice === 'auto') out.ToolChoice = choice
    else if (choice === 'required') {
      if (tools.length === 1) Object.assign(out, { ToolChoice: 'custom', CustomTool: tools[0] })
      else out.ToolChoice = 'auto'
    } else if (choice && typeof choice === 'object') {
      const forced = tools.find((tool) => tool.Function.Name === choice.function.name)
      if (forced) Object.assign(out, { ToolChoice: 'custom', CustomTool: forced })
    }
  }
  return out
}
