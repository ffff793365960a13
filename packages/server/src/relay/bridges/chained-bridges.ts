import { chatOverAnthropic, messagesOverOpenAI } from './anthropic-bridges.ts'
import { chainBridges } from './chained-bridge.ts'
import { chatOverGemini, geminiOverOpenAI } from './gemini-bridges.ts'
import { responsesOverChat } from './responses-bridges.ts'

/** Claude clients (the Anthropic SDK, Claude Code) on a Gemini channel, through chat completions. */
export const messagesOverGemini = chainBridges(messagesOverOpenAI, chatOverGemini)
/** Gemini-native clients (@google/genai, Gemini CLI) on an Anthropic channel, through chat completions. */
export const geminiOverAnthropic = chainBridges(geminiOverOpenAI, chatOverAnthropic)
/** Responses clients on a Gemini channel, through chat completions. */
export const responsesOverGemini = chainBridges(responsesOverChat, chatOverGemini)
