import { createHmac } from 'node:crypto'

export interface XunfeiCredentials {
  appId: string
  apiSecret: string
  apiKey: string
}

/** The channel key `APPID|APISecret|APIKey`; undefined when it has another shape. */
export function parseXunfeiKey(key: string): XunfeiCredentials | undefined {
  const [appId, apiSecret, apiKey] = key
    .trim()
    .split('|')
    .map((part) => part.trim())
  return appId && apiSecret && apiKey ? { appId, apiSecret, apiKey } : undefined
}

/**
 * The signed WebSocket URL Spark wants: an HMAC-SHA256 (key: APISecret) over the host, the date
 * and the request line, carried with the API key in the `authorization` query parameter.
 * @see https://www.xfyun.cn/doc/spark/general_url_authentication.html
 */
export function signXunfeiUrl(url: URL, credentials: Pick<XunfeiCredentials, 'apiKey' | 'apiSecret'>, date: Date): URL {
  const signed = new URL(url)
  const rfc1123 = date.toUTCString()
  const origin = `host: ${signed.host}\ndate: ${rfc1123}\nGET ${signed.pathname} HTTP/1.1`
  const signature = createHmac('sha256', credentials.apiSecret).update(origin).digest('base64')
  const authorization = `api_key="${credentials.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`
  signed.searchParams.set('authorization', Buffer.from(authorization).toString('base64'))
  signed.searchParams.set('date', rfc1123)
  signed.searchParams.set('host', signed.host)
  return signed
}
