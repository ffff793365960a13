import { renderFeaturePage } from '@test/render'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { setSessionExpiredHandler } from '@/lib/api-client'
import { renderMarkdown } from './playground-markdown'
import { messagesReducer, newMessage, restoreMessages, type ChatMessage } from './playground-messages'
import { PlaygroundPage } from './playground-page'
import { buildRequestBody, clampTemperature, defaultSettings, readSettings } from './playground-settings'
import { createSseParser, parseStreamData } from './playground-sse'
import { ChatStreamError, streamChat } from './playground-stream'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})

const start = () => {
  const user = newMessage('user', 'hi', 'complete')
  const assistant = newMessage('assistant', '', 'loading')
  return { user, assistant, state: messagesReducer([], { type: 'send', user, assistant }) }
}
const last = (state: ChatMessage[]) => state.at(-1)!

describe('messagesReducer', () => {
  it('goes loading → incomplete on the first text → complete on done, and then never changes', () => {
    const { assistant, state } = start()
    expect(last(state)).toMatchObject({ status: 'loading', content: '' })
    let next = messagesReducer(state, { type: 'text', id: assistant.id, text: '' })
    expect(next).toBe(state)
    next = messagesReducer(next, { type: 'text', id: assistant.id, text: 'Hel' })
    expect(last(next)).toMatchObject({ status: 'incomplete', content: 'Hel' })
    next = messagesReducer(next, { type: 'text', id: assistant.id, text: 'lo' })
    next = messagesReducer(next, { type: 'done', id: assistant.id })
    expect(last(next)).toMatchObject({ status: 'complete', content: 'Hello' })
    const finished = next
    expect(messagesReducer(finished, { type: 'text', id: assistant.id, text: 'late' })).toBe(finished)
    expect(messagesReducer(finished, { type: 'error', id: assistant.id, text: 'boom' })).toBe(finished)
  })

  it('appends an error to the text so far and freezes the message', () => {
    const { assistant, state } = start()
    let next = messagesReducer(state, { type: 'text', id: assistant.id, text: 'partial' })
    next = messagesReducer(next, { type: 'error', id: assistant.id, text: 'upstream failed' })
    expect(last(next)).toMatchObject({ status: 'error', content: 'partial\n\nupstream failed' })
    expect(messagesReducer(next, { type: 'done', id: assistant.id })).toBe(next)
    const fresh = start()
    expect(last(messagesReducer(fresh.state, { type: 'error', id: fresh.assistant.id, text: 'x' }))).toMatchObject({
      status: 'error',
      content: 'x',
    })
    expect(messagesReducer(next, { type: 'clear' })).toEqual([])
  })

  it('restores interrupted messages as complete and drops junk', () => {
    const { state } = start()
    expect(restoreMessages([...state, null, { id: 1 }]).map((m) => m.status)).toEqual(['complete', 'complete'])
    expect(restoreMessages('nope')).toEqual([])
  })
})

describe('SSE parsing', () => {
  it('parses lines split across chunks, CRLF endings and a last unterminated line', () => {
    const seen: string[] = []
    const parser = createSseParser((data) => seen.push(data))
    parser.feed('data: {"a"')
    parser.feed(':1}\r\n\r\n: comment\nevent: x\ndata:[DO')
    parser.feed('NE]')
    expect(seen).toEqual(['{"a":1}'])
    parser.flush()
    expect(seen).toEqual(['{"a":1}', '[DONE]'])
  })

  it('reads deltas, [DONE], error objects and garbage', () => {
    expect(parseStreamData('[DONE]')).toEqual({ kind: 'done' })
    expect(parseStreamData('{"choices":[{"delta":{"content":"hi"}}]}')).toEqual({ kind: 'text', text: 'hi' })
    expect(parseStreamData('{"choices":[{"delta":{"role":"assistant"}}]}')).toEqual({ kind: 'text', text: '' })
    expect(parseStreamData('{"error":{"message":"quota"}}')).toEqual({ kind: 'error', message: 'quota' })
    expect(parseStreamData('{oops')).toEqual({ kind: 'invalid' })
  })
})

describe('settings', () => {
  it('clamps the temperature to 0.1–1 and defaults per the spec', () => {
    expect(readSettings(null)).toEqual({ ...defaultSettings, temperature: 0.1 })
    expect(readSettings('{"temperature":3,"maxTokens":-2,"model":"m"}')).toMatchObject({
      temperature: 1,
      maxTokens: 0,
      model: 'm',
    })
    expect(readSettings('not json').model).toBe('gpt-4o-mini')
    expect(clampTemperature(0.35)).toBe(0.4)
  })

  it('sends no system message for an empty prompt and no max_tokens for 0', () => {
    const history = [{ role: 'user', content: 'hi' }]
    expect(buildRequestBody({ ...defaultSettings, systemPrompt: '  ', group: 'default' }, history)).toEqual({
      model: 'gpt-4o-mini',
      group: 'default',
      messages: history,
      stream: true,
      temperature: 0.1,
    })
    const body = buildRequestBody({ ...defaultSettings, maxTokens: 256, temperature: 0.7 }, history)
    expect(body.messages[0]).toEqual({ role: 'system', content: defaultSettings.systemPrompt })
    expect(body).toMatchObject({ max_tokens: 256, temperature: 0.7 })
  })
})

function sseResponse(chunks: string[], status = 200) {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } })
}
const delta = (text: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`

describe('streamChat', () => {
  it('reports deltas in order and stops at [DONE]', async () => {
    const calls: RequestInit[] = []
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      calls.push(init)
      return sseResponse([
        delta('Hel'),
        delta('lo').slice(0, 10),
        delta('lo').slice(10),
        'data: [DONE]\n\n',
        delta('ignored'),
      ])
    }) as typeof fetch
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 7, username: 'u', display_name: 'u', role: 1, status: 1, group: 'default' })
    )
    const seen: string[] = []
    await streamChat(buildRequestBody(defaultSettings, [{ role: 'user', content: 'hi' }]), (text) => seen.push(text))
    expect(seen).toEqual(['Hel', 'lo'])
    expect(calls[0]?.credentials).toBe('include')
    expect(new Headers(calls[0]!.headers).get('New-Api-User')).toBe('7')
  })

  it('turns 401, server errors and garbage into ChatStreamError', async () => {
    const expired = vi.fn()
    setSessionExpiredHandler(expired)
    localStorage.setItem('user', JSON.stringify({ id: 7, username: 'u' }))
    globalThis.fetch = (async () => new Response('', { status: 401 })) as typeof fetch
    await expect(streamChat(buildRequestBody(defaultSettings, []), () => {})).rejects.toMatchObject({ kind: 'expired' })
    // A 401 ends the local session and leads to /login?expired=true, like every console call.
    expect(expired).toHaveBeenCalledOnce()
    expect(localStorage.getItem('user')).toBeNull()
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ error: { message: 'no channel' } }), { status: 503 })) as typeof fetch
    await expect(streamChat(buildRequestBody(defaultSettings, []), () => {})).rejects.toMatchObject({
      kind: 'server',
      message: 'no channel',
    })
    globalThis.fetch = (async () => sseResponse(['data: {broken\n\n'])) as typeof fetch
    const error = await streamChat(buildRequestBody(defaultSettings, []), () => {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChatStreamError)
    expect((error as ChatStreamError).kind).toBe('parse')
  })
})

describe('renderMarkdown', () => {
  it('renders markdown and strips scripts, even mid-stream', () => {
    expect(renderMarkdown('**bold** <img src=x onerror="alert(1)"><script>alert(1)</script>')).not.toMatch(
      /onerror|<script/
    )
    expect(renderMarkdown('**bold**')).toContain('<strong>bold</strong>')
    expect(renderMarkdown('```js\nconst a')).toContain('<code')
  })
})

describe('PlaygroundPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 7, username: 'u', display_name: 'u', role: 1, status: 1, group: 'default' })
    )
  })

  function serve(stream: (body: Record<string, unknown>) => Response) {
    const posts: Record<string, unknown>[] = []
    globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
      if (url === '/pg/chat/completions') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>
        posts.push(body)
        return stream(body)
      }
      const data = url.startsWith('/api/user/self/groups')
        ? { default: { ratio: 1, desc: 'Default' }, vip: { ratio: 2, desc: 'VIP' } }
        : url.startsWith('/api/user/models')
          ? ['gpt-4o-mini', 'claude-3']
          : null
      return new Response(JSON.stringify({ success: true, message: '', data }), {
        headers: { 'Content-Type': 'application/json' },
      })
    }) as typeof fetch
    return posts
  }

  const renderPage = () => renderFeaturePage(<PlaygroundPage />)

  const sendMessage = (text: string) => {
    fireEvent.change(screen.getByLabelText('Type a message; Enter sends, Shift+Enter adds a line'), {
      target: { value: text },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
  }

  it('streams an answer to complete with the defaults and keeps the chat locally', async () => {
    const posts = serve(() => sseResponse([delta('**Hi** '), delta('there'), 'data: [DONE]\n\n']))
    renderPage()
    await screen.findByRole('option', { name: 'claude-3' })
    sendMessage('hello')
    await waitFor(() => expect(screen.getAllByTestId('chat-message').at(-1)?.dataset.status).toBe('complete'))
    expect(screen.getByText('Hi').tagName).toBe('STRONG')
    expect(posts[0]).toEqual({
      model: 'gpt-4o-mini',
      group: 'default',
      stream: true,
      temperature: 0.1,
      messages: [
        { role: 'system', content: defaultSettings.systemPrompt },
        { role: 'user', content: 'hello' },
      ],
    })
    const saved = JSON.parse(localStorage.getItem('playground-messages') ?? '[]') as ChatMessage[]
    expect(saved.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'hello', 'complete'],
      ['assistant', '**Hi** there', 'complete'],
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Clear context' }))
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(0)
  })

  it('marks the answer as error with the server message, and applies changed settings', async () => {
    const posts = serve(
      () => new Response(JSON.stringify({ error: { message: 'model not available' } }), { status: 503 })
    )
    renderPage()
    await screen.findByRole('option', { name: 'claude-3' })
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'vip' } })
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'claude-3' } })
    fireEvent.change(screen.getByLabelText('Max tokens'), { target: { value: '64' } })
    fireEvent.change(screen.getByLabelText('System prompt'), { target: { value: '' } })
    sendMessage('hello')
    await waitFor(() => expect(screen.getAllByTestId('chat-message').at(-1)?.dataset.status).toBe('error'))
    expect(screen.getByText('model not available')).toBeVisible()
    expect(posts[0]).toMatchObject({
      model: 'claude-3',
      group: 'vip',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hello' }],
    })
    expect(JSON.parse(localStorage.getItem('playground-settings') ?? '{}')).toMatchObject({
      model: 'claude-3',
      maxTokens: 64,
      systemPrompt: '',
    })
  })

  it('stops a stream and keeps what arrived as complete', async () => {
    serve(() => {
      const encoder = new TextEncoder()
      return new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(delta('partial')))
          },
        }),
        { status: 200 }
      )
    })
    const realFetchOfTest = globalThis.fetch
    // Abort must reject the pending read as a real fetch would.
    globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
      const response = await realFetchOfTest(url, init)
      if (url !== '/pg/chat/completions') return response
      const reader = response.body!.getReader()
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value, done } = await reader.read()
          if (done) controller.close()
          else controller.enqueue(value)
        },
      })
      init.signal?.addEventListener('abort', () => void reader.cancel())
      return new Response(body, { status: 200 })
    }) as typeof fetch
    renderPage()
    sendMessage('hello')
    await screen.findByText('partial')
    expect(screen.getAllByTestId('chat-message').at(-1)?.dataset.status).toBe('incomplete')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    })
    await waitFor(() => expect(screen.getAllByTestId('chat-message').at(-1)?.dataset.status).toBe('complete'))
  })
})
