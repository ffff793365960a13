import { pino, type Logger } from 'pino'
import { readableLogStream } from './readable-log.ts'

/**
 * Structured logs. Anything that may carry a secret is redacted by path, so a careless
 * `logger.info({ body })` still prints no password, key or cookie. JSON lines, except on a
 * terminal, where a person reads them (`readableTo`: where readable lines go).
 */
export function createLogger(
  level: string,
  readableTo: { write(text: string): unknown } | undefined = process.stdout.isTTY ? process.stdout : undefined
): Logger {
  const options = {
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'key',
        '*.key',
        'token',
        '*.token',
        'secret',
        '*.secret',
        'authorization',
        '*.authorization',
        'cookie',
        '*.cookie',
        'headers.authorization',
        'headers.cookie',
        'access_token',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
  }
  return readableTo ? pino(options, readableLogStream(readableTo)) : pino(options)
}
export type { Logger }
