import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeMjTask {
  id: string
  action: string
  prompt: string
  status: string
  progress: string
  imageUrl: string
  failReason: string
}

export interface FakeMjProxy {
  url: string
  tasks: Map<string, FakeMjTask>
  /** every request: path, headers and parsed body */
  seen: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }[]
  /** the next submit answers this instead of accepting (status, body) */
  nextSubmit: [number, unknown] | undefined
  /** list-by-condition answers this status when set */
  listStatus: number | undefined
  /** moves a task on, as the proxy's worker would */
  set(id: string, fields: Partial<FakeMjTask>): void
  stop(): Promise<void>
}

/** A 1x1 PNG, what the image route serves. */
export const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

/**
 * A Midjourney proxy for tests, on 127.0.0.1: submits create tasks (code 1), list-by-condition
 * reports them, image-seed answers a seed, /images/<id>.png serves a pixel.
 */
export async function startFakeMjProxy(): Promise<FakeMjProxy> {
  let counter = 0
  const proxy: FakeMjProxy = {
    url: '',
    stop: () => Promise.resolve(),
    tasks: new Map(),
    seen: [],
    nextSubmit: undefined,
    listStatus: undefined,
    set(id, fields) {
      const task = this.tasks.get(id)
      if (task) Object.assign(task, fields)
    },
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown
      try {
        body = text ? JSON.parse(text) : undefined
      } catch {
        body = text
      }
      proxy.seen.push({ method: request.method ?? 'GET', path, headers: request.headers, body })
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(value))
      }
      if (path.startsWith('/images/')) {
        response.writeHead(200, { 'content-type': 'image/png' })
        response.end(PNG_PIXEL)
        return
      }
      if (request.method === 'POST' && path === '/mj/task/list-by-condition') {
        if (proxy.listStatus) return send(proxy.listStatus, { error: 'down' })
        const ids = ((body as { ids?: string[] } | undefined)?.ids ?? []).filter((id) => proxy.tasks.has(id))
        return send(
          200,
          ids.map((id) => ({
            ...proxy.tasks.get(id),
            submitTime: Date.now() - 1000,
            startTime: Date.now() - 500,
            finishTime: 0,
          }))
        )
      }
      const seed = /^\/mj\/task\/([^/]+)\/image-seed$/.exec(path)
      if (request.method === 'GET' && seed) return send(200, { code: 1, description: 'ok', result: `seed-${seed[1]}` })
      if (request.method === 'POST' && (path.startsWith('/mj/submit/') || path === '/mj/insight-face/swap')) {
        if (proxy.nextSubmit) {
          const [status, answer] = proxy.nextSubmit
          proxy.nextSubmit = undefined
          return send(status, answer)
        }
        const id = `${Date.now()}${++counter}`
        const prompt = (body as { prompt?: string } | undefined)?.prompt ?? ''
        proxy.tasks.set(id, {
          id,
          action: path.split('/').pop() ?? '',
          prompt,
          status: 'SUBMITTED',
          progress: '0%',
          imageUrl: '',
          failReason: '',
        })
        return send(200, { code: 1, description: '提交成功', result: id, properties: { discordInstanceId: 'fake' } })
      }
      send(404, { error: `no route ${path}` })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  proxy.url = `http://127.0.0.1:${port}`
  proxy.stop = () =>
    new Promise((done) => {
      server.close(() => done())
      server.closeAllConnections()
    })
  return proxy
}
