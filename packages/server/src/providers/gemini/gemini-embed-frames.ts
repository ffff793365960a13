import type { Language } from '../../i18n/messages.ts'
import type { FrameError, StreamTranslator } from '../types.ts'
import { geminiErrorBody } from './gemini-error.ts'

/** Embeddings never stream; the bridge contract still wants a translator. */
export const noEmbedStream = (): StreamTranslator => ({ push: () => [], finish: () => [], usage: undefined, text: '' })

/** A failure as Gemini clients read it, for the bridge contract (an embedding answer is never a stream). */
export const geminiEmbedErrorFrame = (error: FrameError, language: Language, requestId: string) =>
  `data: ${JSON.stringify(geminiErrorBody(error.status, `${error.text(language)} (request id: ${requestId})`))}\n\n`
