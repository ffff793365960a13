import { createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DatabaseSync } from 'node:sqlite'
import { Agent, type Dispatcher } from 'undici'

/**
 * The second yardstick: the bare relay plus the least a billing gateway must do for each request,
 * written as plainly as Node allows. A key checked by its keyed hash against an in-memory table;
 * the request's JSON parsed for its model; a hold taken from token and user (only if both can
 * afford it) and recorded before the upstream call; the answer's usage read; then the hold deleted,
 * the charge moved and the usage row written. Holds commit together once per event-loop turn,
 * settlements every 20 ms, into the gateway's own SQLite tables (quota_holds, logs, users, tokens),
 * as the gateway's ledger does. The upstream call is an undici dispatch with a handler, the
 * gateway's own client and the cheapest Node has: the same pass-through relay spent ~10-15 µs
 * less per request on it than on node:http's client, and a floor on the dearer client would
 * flatter the gateway. No channel choice, price table, rate limits, retries, metrics, log text or
 * error mapping: what the gateway spends above this is what those and its structure cost.
 */
export interface FloorRelay {
  port: number
  stop(): Promise<void>
}

export interface FloorRelayOptions {
  upstreamUrl: string
  /** a SQLite file holding the gateway's tables (the bench's gateway made it) */
  sqlitePath: string
  /** the one key it accepts, and the name of the token row it charges (with that token's user) */
  key: string
  tokenName: string
  port?: number
}

/** What a request holds while it runs, in quota units (the gateway's estimate for a short chat is of this order). */
const HOLD = 500
const SETTLE_WINDOW_MS = 20
const KEY_SECRET = 'floor-relay'

interface Usage {
  prompt_tokens?: number
  completion_tokens?: number
}

interface Settlement {
  hold: string
  quota: number
  model: string
  usage: Usage | undefined
  stream: boolean
  started: number
}

const keyHash = (key: string) => createHmac('sha256', KEY_SECRET).update(key).digest('hex')

/** Ratio 0.075 per token and 4 for completions, as the gateway's default price of gpt-4o-mini. */
const quotaOf = (usage: Usage | undefined) =>
  Math.round(((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0) * 4) * 0.075)

export async function startFloorRelay(options: FloorRelayOptions): Promise<FloorRelay> {
  const upstream = new URL(options.upstreamUrl)
  const db = new DatabaseSync(options.sqlitePath)
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec('PRAGMA busy_timeout = 5000')
  const token = db
    .prepare('SELECT id, user_id, unlimited_quota FROM tokens WHERE name = ? ORDER BY id DESC LIMIT 1')
    .get(options.tokenName) as { id: number; user_id: number; unlimited_quota: number } | undefined
  if (!token) throw new Error(`floor relay: no token named ${options.tokenName}`)
  const { id: tokenId, user_id: userId } = token
  // As the gateway: an unlimited token's balance is neither taken from nor given back, only its use counted.
  const tokenLimited = !token.unlimited_quota
  const keys = new Map([[keyHash(options.key), tokenId]])
  const take = {
    token: db.prepare('UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ? AND remain_quota >= ?'),
    user: db.prepare('UPDATE users SET quota = quota - ? WHERE id = ? AND quota >= ?'),
  }
  const move = {
    token: db.prepare('UPDATE tokens SET remain_quota = remain_quota + ?, used_quota = used_quota + ? WHERE id = ?'),
    user: db.prepare(
      'UPDATE users SET quota = quota + ?, used_quota = used_quota + ?, request_count = request_count + ? WHERE id = ?'
    ),
  }
  const insertHold = db.prepare(
    'INSERT INTO quota_holds (id, owner, user_id, token_id, token_limited, amount, created_at, model_name, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
  )
  const deleteHold = db.prepare('DELETE FROM quota_holds WHERE id = ?')
  const insertLog = db.prepare(
    'INSERT INTO logs (user_id, created_at, type, content, token_name, model_name, quota, prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_id, "group", other, request_id) VALUES (?, ?, 2, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)'
  )

  let lastId = 0
  let holding: { model: string; granted: (hold: string | undefined) => void }[] = []
  let settling: Settlement[] = []
  const transaction = (work: () => void) => {
    db.exec('BEGIN IMMEDIATE')
    try {
      work()
      db.exec('COMMIT')
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
  }
  const takeHolds = () => {
    const batch = holding
    holding = []
    const granted: (string | undefined)[] = []
    const now = Math.floor(Date.now() / 1000)
    transaction(() => {
      for (const { model } of batch) {
        if (tokenLimited && Number(take.token.run(HOLD, tokenId, HOLD).changes) === 0) {
          granted.push(undefined)
          continue
        }
        if (Number(take.user.run(HOLD, userId, HOLD).changes) === 0) {
          if (tokenLimited) move.token.run(HOLD, 0, tokenId)
          granted.push(undefined)
          continue
        }
        const id = `floor-${process.pid}-${++lastId}`
        insertHold.run(id, `floor-${process.pid}`, userId, tokenId, tokenLimited ? 1 : 0, HOLD, now, model, id)
        granted.push(id)
      }
    })
    batch.forEach((entry, i) => entry.granted(granted[i]))
  }
  const settle = () => {
    if (settling.length === 0) return
    const batch = settling
    settling = []
    const now = Math.floor(Date.now() / 1000)
    let back = 0
    let used = 0
    transaction(() => {
      for (const s of batch) {
        deleteHold.run(s.hold)
        back += HOLD - s.quota
        used += s.quota
        insertLog.run(
          userId,
          now,
          'model ratio 0.075, completion ratio 4',
          'bench',
          s.model,
          s.quota,
          s.usage?.prompt_tokens ?? 0,
          s.usage?.completion_tokens ?? 0,
          Math.round((performance.now() - s.started) / 1000),
          s.stream ? 1 : 0,
          tokenId,
          'default',
          JSON.stringify({ model_ratio: 0.075, completion_ratio: 4, group_ratio: 1 }),
          s.hold
        )
      }
      move.token.run(tokenLimited ? back : 0, used, tokenId)
      move.user.run(back, used, batch.length, userId)
    })
  }
  const settleTimer = setInterval(settle, SETTLE_WINDOW_MS)
  const hold = (model: string) =>
    new Promise<string | undefined>((granted) => {
      if (holding.length === 0) setImmediate(takeHolds)
      holding.push({ model, granted })
    })

  const agent = new Agent({ connections: 512, pipelining: 1, keepAliveTimeout: 30_000 })
  const upstreamHeaders = { 'content-type': 'application/json', authorization: 'Bearer sk-floor' }
  const relay = async (incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer, started: number) => {
    const auth = incoming.headers.authorization ?? ''
    if (!keys.has(keyHash(auth.startsWith('Bearer ') ? auth.slice(7) : ''))) return void outgoing.writeHead(401).end()
    let request: { model?: unknown; stream?: unknown }
    try {
      request = JSON.parse(body.toString()) as typeof request
    } catch {
      return void outgoing.writeHead(400).end()
    }
    const model = String(request.model)
    const stream = request.stream === true
    const held = await hold(model)
    if (!held) return void outgoing.writeHead(403).end()
    let usage: Usage | undefined
    let status = 502
    const parts: Buffer[] = []
    const done = (quota: number) => settling.push({ hold: held, quota, model, usage, stream, started })
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart() {},
      onResponseStart(_controller, statusCode) {
        status = statusCode
        if (stream) outgoing.writeHead(statusCode, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      },
      onResponseData(_controller, chunk: Buffer) {
        if (!stream) return void parts.push(chunk)
        usage = usageInChunk(chunk) ?? usage
        outgoing.write(chunk)
      },
      onResponseEnd() {
        if (stream) {
          outgoing.end()
          return done(Math.min(HOLD, quotaOf(usage)))
        }
        const text = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts)
        try {
          usage = (JSON.parse(text.toString()) as { usage?: Usage }).usage
        } catch {
          usage = undefined
        }
        outgoing.writeHead(status, { 'content-type': 'application/json', 'content-length': text.length })
        outgoing.end(text)
        done(Math.min(HOLD, quotaOf(usage)))
      },
      onResponseError() {
        usage = undefined
        done(0)
        if (!outgoing.headersSent) outgoing.writeHead(502)
        outgoing.end()
      },
    }
    agent.dispatch(
      {
        origin: upstream.origin,
        path: '/v1/chat/completions',
        method: 'POST',
        headers: upstreamHeaders,
        body,
        // No timers per request, as node:http's client had none (the gateway keeps one watchdog instead).
        headersTimeout: 0,
        bodyTimeout: 0,
      },
      handler
    )
  }
  const server = createServer((incoming, outgoing) => {
    const started = performance.now()
    const parts: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => parts.push(chunk))
    incoming.on('end', () => void relay(incoming, outgoing, Buffer.concat(parts), started))
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done))
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
      await agent.destroy()
      clearInterval(settleTimer)
      settle()
      db.close()
    },
  }
}

/**
 * The usage of an SSE chunk that carries a `"usage":{` object on one `data:` line, if any. (A line
 * cut between two chunks is missed; the bench's mock writes each stream in one piece.)
 */
function usageInChunk(chunk: Buffer): Usage | undefined {
  const at = chunk.indexOf('"usage":{')
  if (at < 0) return undefined
  const start = chunk.lastIndexOf('data: ', at)
  const end = chunk.indexOf('\n', at)
  try {
    return (JSON.parse(chunk.subarray(start + 6, end < 0 ? chunk.length : end).toString()) as { usage?: Usage }).usage
  } catch {
    return undefined
  }
}
