import { describe, expect, it } from 'vitest'
import { fixtureReader } from '../../../test/sse-fixtures.ts'
import {
  convertGeminiEmbedToOpenAI,
  convertOpenAIEmbeddingsToGemini,
  geminiEmbedBody,
  geminiEmbedRequests,
  geminiEmbedTexts,
} from './convert-gemini-embed.ts'

const reader = fixtureReader(import.meta.dirname)
const fixture = (name: string) => JSON.parse(reader.fixture(name)) as Record<string, unknown>

describe("Gemini's embedding requests", () => {
  it('reads one request from embedContent and every request from batchEmbedContents; refuses other shapes', () => {
    expect(geminiEmbedRequests(fixture('gemini-embed-request.json'), false)).toHaveLength(1)
    expect(geminiEmbedRequests(fixture('gemini-batch-embed-request.json'), true)).toHaveLength(3)
    expect(geminiEmbedRequests({ content: { text: 'no parts' } }, false)).toBeUndefined()
    expect(geminiEmbedRequests({ requests: [] }, true)).toBeUndefined()
    expect(geminiEmbedRequests({ requests: [{ content: { parts: [] } }, { model: 'x' }] }, true)).toBeUndefined()
    // The single shape is not a batch, and the other way round.
    expect(geminiEmbedRequests(fixture('gemini-embed-request.json'), true)).toBeUndefined()
    expect(geminiEmbedRequests(fixture('gemini-batch-embed-request.json'), false)).toBeUndefined()
  })

  it("takes each request's text parts as one passage, skipping parts without text", () => {
    expect(geminiEmbedTexts(fixture('gemini-batch-embed-request.json'), true)).toEqual([
      'What is the meaning of life?',
      'How much wood would a woodchuck chuck?\nIf a woodchuck could chuck wood.',
      'How does the brain work?',
    ])
    expect(
      geminiEmbedTexts(
        { content: { parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }, { text: 'caption' }] } },
        false
      )
    ).toEqual(['caption'])
  })

  it("names the channel's model for a Gemini upstream, in every batch request and where the single request named one", () => {
    const batch = geminiEmbedBody(fixture('gemini-batch-embed-request.json'), true, 'text-embedding-004') as {
      requests: { model: string; outputDimensionality: number }[]
    }
    expect(batch.requests.map((r) => r.model)).toEqual([
      'models/text-embedding-004',
      'models/text-embedding-004',
      'models/text-embedding-004',
    ])
    expect(batch.requests[0]?.outputDimensionality).toBe(3)
    expect(geminiEmbedBody(fixture('gemini-embed-request.json'), false, 'text-embedding-004')).toEqual({
      ...fixture('gemini-embed-request.json'),
      model: 'models/text-embedding-004',
    })
    const unnamed = { content: { parts: [{ text: 'x' }] } }
    expect(geminiEmbedBody(unnamed, false, 'text-embedding-004')).toEqual(unnamed)
  })
})

describe('Gemini embeddings over OpenAI /v1/embeddings', () => {
  it('sends one input per request, outputDimensionality as dimensions, floats asked for', () => {
    expect(
      convertGeminiEmbedToOpenAI(fixture('gemini-batch-embed-request.json'), true, 'text-embedding-3-small')
    ).toEqual({
      model: 'text-embedding-3-small',
      input: [
        'What is the meaning of life?',
        'How much wood would a woodchuck chuck?\nIf a woodchuck could chuck wood.',
        'How does the brain work?',
      ],
      encoding_format: 'float',
      dimensions: 3,
    })
    expect(convertGeminiEmbedToOpenAI({ content: { parts: [{ text: 'hi' }] } }, false, 'm')).toEqual({
      model: 'm',
      input: ['hi'],
      encoding_format: 'float',
    })
  })

  it("answers the batch in the requests' order (by OpenAI's index), and a single request with its one embedding", () => {
    const openai = fixture('openai-embeddings-response.json')
    expect(convertOpenAIEmbeddingsToGemini(openai, true)).toEqual(fixture('gemini-batch-embed-response.json'))
    const single = { data: [{ index: 0, embedding: [0.0123, -0.0456, 0.0789, -0.0012] }], usage: { prompt_tokens: 8 } }
    expect(convertOpenAIEmbeddingsToGemini(single, false)).toEqual(fixture('gemini-embed-response.json'))
  })

  it('reads a base64 vector from an upstream that ignored encoding_format', () => {
    const floats = Buffer.alloc(8)
    floats.writeFloatLE(0.5, 0)
    floats.writeFloatLE(-2, 4)
    expect(
      convertOpenAIEmbeddingsToGemini({ data: [{ index: 0, embedding: floats.toString('base64') }] }, false)
    ).toEqual({ embedding: { values: [0.5, -2] } })
  })
})
