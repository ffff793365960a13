import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** A random string over [a-zA-Z0-9] from the CSPRNG, without modulo bias. */
export function randomAlphanumeric(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]
  return out
}

/** 256 random bits, URL-safe. */
export const randomSecret = (): string => randomBytes(32).toString('base64url')

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex')

export const hmacSha256Hex = (key: string, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex')

/** Compares two secrets without leaking where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
