import type { Language } from '../../i18n/messages.ts'
import { toOpenAIErrorBody, type RelayError } from '../relay-error.ts'

/** A failure inside a started stream, as OpenAI clients read it: an error object in a data line. */
export const openAIErrorFrame = (error: RelayError, language: Language, requestId: string) => `data: ${JSON.stringify(toOpenAIErrorBody(error, language, requestId))}\n\n`
