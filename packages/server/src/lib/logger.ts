import { pino, type Logger } from 'pino'

/**
 * Structured logs. Anything that may carry a secret is redacted by path, so a careless
 * `logger.info({ body })` still prints no password, key or cookie.
 */
export function createLogger(level: string): Logger {
  return pino({
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
  })
}
export type { Logger }
