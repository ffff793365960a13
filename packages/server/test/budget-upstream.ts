import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface BudgetUpstream {
  url: string
  /** every answered request: what it asked for and the usage it was billed upstream */
  answered: { n: number; maxTokens: number | undefined; promptTokens: number; completionTokens: number }[]
  stop(): Promise<void>
}

/**
 * An OpenAI chat upstream that honours `n` and `max_tokens`/`max_completion_tokens` as OpenAI
 * does: each of the n choices writes `natural` tokens, or the limit when that is lower, and the
 * usage reports all of it. It is what a request really costs the operator, for the overspend tests.
 */
export async function startBudgetUpstream(natural: number, promptTokens = 10): Promise<BudgetUpstream> {
  const answered: BudgetUpstream['answered'] = []
  const server = createServer((request, response) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (text += chunk))
    request.on('end', () => {
      const body = JSON.parse(text) as {
        n?: number
        max_tokens?: number
        max_completion_tokens?: number
        model?: string
      }
      const n = body.n ?? 1
      const maxTokens = body.max_completion_tokens ?? body.max_tokens
      const completionTokens = n * Math.min(natural, maxTokens ?? natural)
      answered.push({ n, maxTokens, promptTokens, completionTokens })
      const choices = Array.from({ length: n }, (_, index) => ({
        index,
        message: { role: 'assistant', content: 'ok' },
        finish_reason: 'stop',
      }))
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          id: 'chatcmpl-budget',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices,
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: promptTokens + completionTokens,
          },
        })
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    stop: () =>
      new Promise((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}
