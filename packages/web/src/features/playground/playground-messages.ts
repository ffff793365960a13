/** Chat message states (spec "Chat message"): a finished message (complete or error) never changes. */
export type MessageStatus = 'loading' | 'incomplete' | 'complete' | 'error'

export interface ChatMessage {
  id: string
  role: 'user' | 'assistant' | 'system'
  content: string
  /** seconds since the epoch */
  createAt: number
  status: MessageStatus
}

export type MessageAction =
  | { type: 'send'; user: ChatMessage; assistant: ChatMessage }
  | { type: 'text'; id: string; text: string }
  | { type: 'done'; id: string }
  | { type: 'error'; id: string; text: string }
  | { type: 'clear' }

const finished = (message: ChatMessage) => message.status === 'complete' || message.status === 'error'

function update(messages: ChatMessage[], id: string, change: (message: ChatMessage) => ChatMessage): ChatMessage[] {
  let changed = false
  const next = messages.map((message) => {
    if (message.id !== id || finished(message)) return message
    const updated = change(message)
    if (updated !== message) changed = true
    return updated
  })
  return changed ? next : messages
}

/**
 * loading → incomplete on the first text → complete on [DONE], the end of the stream or stop;
 * an error appends its text and ends in error. Late events for a finished message are ignored.
 */
export function messagesReducer(messages: ChatMessage[], action: MessageAction): ChatMessage[] {
  switch (action.type) {
    case 'send':
      return [...messages, action.user, action.assistant]
    case 'text':
      if (!action.text) return messages
      return update(messages, action.id, (m) => ({ ...m, content: m.content + action.text, status: 'incomplete' }))
    case 'done':
      return update(messages, action.id, (m) => ({ ...m, status: 'complete' }))
    case 'error':
      return update(messages, action.id, (m) => ({
        ...m,
        content: m.content ? `${m.content}\n\n${action.text}` : action.text,
        status: 'error',
      }))
    case 'clear':
      return []
  }
}

let counter = 0
export function newMessage(role: ChatMessage['role'], content: string, status: MessageStatus): ChatMessage {
  counter += 1
  return {
    id: `${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    role,
    content,
    createAt: Math.floor(Date.now() / 1000),
    status,
  }
}

/** Messages saved while streaming (a closed tab) come back finished with what they had. */
export function restoreMessages(saved: unknown): ChatMessage[] {
  if (!Array.isArray(saved)) return []
  return saved
    .filter(
      (m): m is ChatMessage =>
        Boolean(m) && typeof m.id === 'string' && typeof m.content === 'string' && typeof m.role === 'string'
    )
    .map((m) => (finished(m) ? m : { ...m, status: 'complete' }))
}
