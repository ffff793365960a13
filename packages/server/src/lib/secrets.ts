import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto'

/** How every value encrypt() wrote begins; a stored secret without it was written raw (by the reference system). */
export const ENCRYPTED_PREFIX = 'enc:v1:'
const PREFIX = ENCRYPTED_PREFIX

/**
 * Encryption of secrets at rest (channel keys, token keys) and keyed hashes for lookups, both
 * derived from CRYPTO_SECRET. A database leak alone reveals neither.
 */
export class SecretBox {
  private readonly encryptionKey: Buffer
  private readonly hashKey: KeyObject

  constructor(secret: string) {
    // Two independent keys from one secret, so the lookup hash says nothing about the cipher key.
    this.encryptionKey = createHash('sha256').update(`encrypt:${secret}`).digest()
    // A KeyObject, so the key is imported once rather than on every lookup.
    this.hashKey = createSecretKey(createHash('sha256').update(`lookup:${secret}`).digest())
  }

  /** AES-256-GCM with a random nonce: `enc:v1:<nonce>.<ciphertext>.<tag>` in base64url. */
  encrypt(plain: string): string {
    const nonce = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, nonce)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return `${PREFIX}${nonce.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`
  }

  /** Decrypts what encrypt() wrote; a value without the prefix is returned as it is (rows imported from the reference system). */
  decrypt(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored
    const [nonce, body, tag] = stored.slice(PREFIX.length).split('.')
    if (nonce === undefined || body === undefined || tag === undefined) throw new Error('malformed encrypted value')
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(nonce, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  }

  isEncrypted(stored: string): boolean {
    return stored.startsWith(PREFIX)
  }

  /** HMAC-SHA256 hex: how a token key is found without storing it in the clear. */
  lookupHash(value: string): string {
    return createHmac('sha256', this.hashKey).update(value).digest('hex')
  }
}
