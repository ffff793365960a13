import type { Language } from '../../i18n/messages.ts'
import type { FrameError } from '../types.ts'

/** `{error:{message,type,param,code}}` with the request id in the message, as OpenAI clients expect (the relay's toOpenAIErrorBody too). */
export const openAIErrorBody = (error: FrameError, language: Language, requestId: string) => ({
  error: {
    message: `${error.text(language)} (request id: ${requestId})`,
    type: error.type,
    param: error.param ?? '',
    code: error.code,
  },
})

/** A failure inside a started stream, as OpenAI clients read it: an error object in a data line. */
export const openAIErrorFrame = (error: FrameError, language: Language, requestId: string) =>
  `data: ${JSON.stringify(openAIErrorBody(error, language, requestId))}\n\n`
