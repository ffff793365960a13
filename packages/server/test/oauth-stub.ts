import { createServer, type IncomingMessage, type Server } from 'node:http'

export interface StubAccount {
  id: number | string
  login?: string
  username?: string
  name?: string
  email?: string
}

export interface StubRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/**
 * A local stand-in for GitHub, LinuxDO and the WeChat server, for tests. `codes` maps an
 * authorization code to the account it yields (through an access token, like the real thing);
 * `wechatCodes` maps a WeChat login code to a WeChat id, answered only with `wechatToken`.
 * Every request is recorded so tests can check what the gateway sent.
 */
export class OAuthStub {
  readonly codes = new Map<string, StubAccount>()
  readonly wechatCodes = new Map<string, string>()
  readonly requests: StubRequest[] = []
  wechatToken = 'wechat-server-token'
  port = 0
  private readonly tokens = new Map<string, StubAccount>()
  private readonly server: Server

  constructor() {
    this.server = createServer((req, res) => {
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => (body += chunk))
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stub')
        this.requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body })
        const send = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' })
          res.end(JSON.stringify(payload))
        }
        // GitHub: /login/oauth/access_token and /user; LinuxDO: /oauth2/token and /api/user.
        if (
          req.method === 'POST' &&
          (url.pathname === '/login/oauth/access_token' || url.pathname === '/oauth2/token')
        ) {
          const code = new URLSearchParams(body).get('code') ?? ''
          const account = this.codes.get(code)
          if (!account)
            return send(200, {
              error: 'bad_verification_code',
              error_description: 'The code passed is incorrect or expired.',
            })
          this.codes.delete(code)
          const token = `tok-${Math.random().toString(36).slice(2)}`
          this.tokens.set(token, account)
          return send(200, { access_token: token, token_type: 'bearer' })
        }
        if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/api/user')) {
          const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
          const account = this.tokens.get(token)
          return account ? send(200, account) : send(401, { message: 'Bad credentials' })
        }
        if (req.method === 'GET' && url.pathname === '/api/wechat/user') {
          if (req.headers.authorization !== this.wechatToken)
            return send(200, { success: false, message: 'unauthorized' })
          const id = this.wechatCodes.get(url.searchParams.get('code') ?? '')
          return id
            ? send(200, { success: true, message: '', data: id })
            : send(200, { success: false, message: 'invalid code' })
        }
        send(404, { message: 'not found' })
      })
    })
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  listen(port = 0): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => {
        const address = this.server.address()
        this.port = typeof address === 'object' && address ? address.port : 0
        resolve()
      })
    })
  }

  close(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

/** Port 0 picks a free one; e2e passes the fixed port its server was told about. */
export async function startOAuthStub(port = 0): Promise<OAuthStub> {
  const stub = new OAuthStub()
  await stub.listen(port)
  return stub
}
