import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A task the fake server holds; tests change `status` and friends between polls. */
export interface FakeSunoTask {
  task_id: string
  action: string
  status: string
  progress: string
  fail_reason: string
  submit_time: number
  start_time: number
  finish_time: number
  data: unknown
}

export interface FakeSunoUpstream {
  url: string
  tasks: Map<string, FakeSunoTask>
  /** every call seen: method, path, headers and parsed body */
  seen: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }[]
  /** ms every answer waits (to make concurrent pollers overlap) */
  delayMs: number
  stop(): Promise<void>
}

/**
 * A loopback Suno API server for tests: `/suno/submit/{music|lyrics}` accepts a task unless the
 * prompt contains "refuse" (answers code "fail") or "explode" (answers HTTP 500); `/suno/fetch`
 * reports the tasks asked for as they stand in `tasks`.
 */
export async function startFakeSunoUpstream(): Promise<FakeSunoUpstream> {
  const tasks = new Map<string, FakeSunoTask>()
  const seen: FakeSunoUpstream['seen'] = []
  let counter = 0
  const fake: FakeSunoUpstream = { url: '', tasks, seen, delayMs: 0, stop: async () => undefined }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      let body: any = null
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null')
      } catch {
        body = null
      }
      const path = request.url ?? '/'
      seen.push({ method: request.method ?? '', path, headers: request.headers, body })
      const answer = (status: number, payload: unknown) =>
        setTimeout(() => {
          response.writeHead(status, { 'content-type': 'application/json' })
          response.end(JSON.stringify(payload))
        }, fake.delayMs)
      const submit = /^\/suno\/submit\/(music|lyrics)$/i.exec(path)
      if (request.method === 'POST' && submit) {
        const prompt = String(body?.prompt ?? body?.gpt_description_prompt ?? '')
        if (prompt.includes('explode')) return answer(500, { code: 'error', message: 'upstream exploded' })
        if (prompt.includes('refuse'))
          return answer(200, { code: 'fail', message: 'prompt refused by suno', data: null })
        const taskId = `suno-${++counter}-${Math.random().toString(36).slice(2, 8)}`
        tasks.set(taskId, {
          task_id: taskId,
          action: (submit[1] as string).toUpperCase(),
          status: 'SUBMITTED',
          progress: '0%',
          fail_reason: '',
          submit_time: Math.floor(Date.now() / 1000),
          start_time: 0,
          finish_time: 0,
          data: null,
        })
        return answer(200, { code: 'success', message: '', data: taskId })
      }
      if (request.method === 'POST' && path === '/suno/fetch') {
        const ids: string[] = Array.isArray(body?.ids) ? body.ids : []
        return answer(200, {
          code: 'success',
          message: '',
          data: ids.flatMap((id) => (tasks.has(id) ? [tasks.get(id)] : [])),
        })
      }
      return answer(404, { code: 'not_found', message: `no route ${path}` })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.stop = () =>
    new Promise((done) => {
      server.close(() => done())
      server.closeAllConnections()
    })
  return fake
}
