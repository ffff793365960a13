import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A software WebAuthn authenticator for server tests: ES256 keys from node:crypto, attestation
 * "none", and responses built byte by byte as a browser and a platform authenticator would (client
 * data JSON, authenticator data with RP ID hash, flags and counter, DER ECDSA signature). Each
 * response can be bent (origin, RP ID, challenge, counter) to test what the server refuses.
 */

interface StoredCredential {
  id: Buffer
  privateKey: KeyObject
  userHandle: string
  counter: number
}

export interface Bend {
  origin?: string
  rpId?: string
  challenge?: string
  /** the counter to report; by default one more than the last */
  counter?: number
  /** leave the user-verified flag unset */
  unverified?: boolean
}

interface CreationOptions {
  challenge: string
  rp: { id?: string }
  user: { id: string }
}
interface RequestOptions {
  challenge: string
  rpId?: string
}

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40
const AAGUID = Buffer.alloc(16)

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = []
  private readonly defaults: { origin: string; rpId: string }

  constructor(defaults: { origin: string; rpId: string } = { origin: 'http://localhost', rpId: 'localhost' }) {
    this.defaults = defaults
  }

  /** What navigator.credentials.create() would resolve to, in @simplewebauthn/browser's JSON form. */
  register(options: CreationOptions, bend: Bend = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const credential: StoredCredential = {
      id: randomBytes(32),
      privateKey,
      userHandle: options.user.id,
      counter: bend.counter ?? 0,
    }
    const jwk = publicKey.export({ format: 'jwk' })
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ])
    )
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(credential.id.length)
    const authData = Buffer.concat([
      this.authDataHead(bend.rpId ?? options.rp.id ?? this.defaults.rpId, bend, FLAG_AT, credential.counter),
      AAGUID,
      idLength,
      credential.id,
      coseKey,
    ])
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ])
    )
    this.credentials.push(credential)
    return {
      id: credential.id.toString('base64url'),
      rawId: credential.id.toString('base64url'),
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, bend).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    }
  }

  /** What navigator.credentials.get() would resolve to with the given (default: first) credential. */
  authenticate(options: RequestOptions, bend: Bend = {}, credential = this.credentials[0]) {
    if (!credential) throw new Error('no credential registered')
    credential.counter = bend.counter ?? credential.counter + 1
    const authData = this.authDataHead(bend.rpId ?? options.rpId ?? this.defaults.rpId, bend, 0, credential.counter)
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend)
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      credential.privateKey
    )
    return {
      id: credential.id.toString('base64url'),
      rawId: credential.id.toString('base64url'),
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    }
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? this.defaults.origin,
        crossOrigin: false,
      })
    )
  }

  private authDataHead(rpId: string, bend: Bend, extraFlags: number, counter: number): Buffer {
    const counterBytes = Buffer.alloc(4)
    counterBytes.writeUInt32BE(counter)
    const flags = FLAG_UP | (bend.unverified ? 0 : FLAG_UV) | extraFlags
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counterBytes])
  }
}

/** The little CBOR WebAuthn needs: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length])
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
    const bytes = Buffer.alloc(3)
    bytes[0] = (major << 5) | 25
    bytes.writeUInt16BE(length, 1)
    return bytes
  }
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, text.length), text])
  }
  if (value instanceof Map) {
    const parts = [head(5, value.size)]
    for (const [key, item] of value) parts.push(cbor(key), cbor(item))
    return Buffer.concat(parts)
  }
  throw new Error(`cbor: unsupported value ${String(value)}`)
}
