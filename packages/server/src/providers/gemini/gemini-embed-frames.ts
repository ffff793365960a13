import type { Language } from '../../i18n/messages.ts'
import type { StreamTranslator } from '../../relay/protocol-bridge.ts'
import type { RelayError } from '../../relay/relay-error.ts'
import { geminiErrorBody } from './gemini-error.ts'

/** Embeddings never stream; the bridge contract still wants a translator. */
export const noEmbedStream = (): StreamTranslator => ({ push: () => [], finish: () => [], usage: undefined, text: '' })

/** A failure as Gemini clients read it, for the bridge contract (an embedding answer is never a stream). */
export const geminiEmbedErrorFrame = (error: RelayError, language: Language, requestId: string) =>
  `data: ${JSON.stringify(geminiErrorBody(error.status, `${error.text(language)} (request id: ${requestId})`))}\n\n`
