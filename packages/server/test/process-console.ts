/**
 * The console API of a server in another process (see server-process.ts), driven over HTTP the
 * way the web console does: setup, sign-in with the session cookie and New-Api-User, then
 * channels and tokens. For tests that cannot reach the process's database through `services`.
 */
export interface ProcessConsole {
  userId: number
  /** the headers of the signed-in session (cookie and New-Api-User), to use it on another instance */
  session: Record<string, string>
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>
  /** An OpenAI channel (type 1) serving `models` from `baseUrl`. */
  addChannel(baseUrl: string, models?: string): Promise<void>
  /** An unlimited token of the root user; returns its `sk-` key. */
  addToken(): Promise<string>
}

const TIMEOUT_MS = 10_000

export async function setupRoot(url: string, username = 'root', password = 'root-password-1'): Promise<ProcessConsole> {
  await call(url, 'POST', '/api/setup', {}, { username, password, confirmPassword: password })
  return signIn(url, username, password)
}

/** A new session of an existing user (the root set up by setupRoot unless told otherwise). */
export async function signIn(url: string, username = 'root', password = 'root-password-1'): Promise<ProcessConsole> {
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const envelope = (await login.json()) as { success: boolean; message: string; data: { id: number } }
  if (!envelope.success) throw new Error(`login failed: ${envelope.message}`)
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const userId = envelope.data.id
  const headers = { cookie, 'new-api-user': String(userId) }
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(url, method, path, headers, body)
  return {
    userId,
    session: headers,
    api,
    addChannel: async (baseUrl, models = 'gpt-4o-mini') => {
      // The mock listens on loopback: the root allows this channel to reach it.
      await api('POST', '/api/channel/', {
        name: 'mock',
        type: 1,
        key: 'sk-upstream',
        models,
        base_url: baseUrl,
        private_network: 1,
      })
    },
    addToken: async () =>
      (await api<{ key: string }>('POST', '/api/token/', { name: 'shutdown', unlimited_quota: true })).key,
  }
}

async function call<T>(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const envelope = (await response.json()) as { success: boolean; message: string; data: T }
  if (!envelope.success) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`)
  return envelope.data
}
