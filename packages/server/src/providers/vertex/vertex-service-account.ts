import { createSign } from 'node:crypto'

/** The fields of a Google service-account key file the gateway uses. */
export interface ServiceAccount {
  projectId: string
  clientEmail: string
  privateKey: string
  tokenUri: string
}

export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token'
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform'

/** Reads a Vertex channel's key (the service-account JSON); undefined when it is not one. */
export function parseServiceAccount(key: string): ServiceAccount | undefined {
  let json: Record<string, unknown>
  try {
    json = JSON.parse(key) as Record<string, unknown>
  } catch {
    return undefined
  }
  const { project_id: projectId, client_email: clientEmail, private_key: privateKey, token_uri: tokenUri } = json
  if (typeof projectId !== 'string' || typeof clientEmail !== 'string' || typeof privateKey !== 'string')
    return undefined
  return {
    projectId,
    clientEmail,
    privateKey,
    tokenUri: typeof tokenUri === 'string' && tokenUri ? tokenUri : GOOGLE_TOKEN_URI,
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/**
 * The signed JWT a service account trades for an access token (OAuth 2.0 JWT bearer grant),
 * valid for an hour. @see https://developers.google.com/identity/protocols/oauth2/service-account#authorizingrequests
 */
export function serviceAccountAssertion(account: ServiceAccount, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))
  const claims = base64url(
    JSON.stringify({
      iss: account.clientEmail,
      scope: CLOUD_PLATFORM_SCOPE,
      aud: account.tokenUri,
      iat: nowSeconds,
      exp: nowSeconds + 3600,
    })
  )
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.privateKey)
  return `${header}.${claims}.${base64url(signature)}`
}
