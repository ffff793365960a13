import { describe, expect, it } from 'vitest'
import { fixtureReader } from '../../../test/sse-fixtures.ts'
import { convertGeminiEmbedToVertex, convertVertexEmbedToGemini } from './convert-vertex-embed.ts'

const reader = fixtureReader(import.meta.dirname)
const gemini = fixtureReader(new URL('../gemini', import.meta.url).pathname)
const json = (text: string) => JSON.parse(text) as Record<string, unknown>

describe("Gemini's embedding methods over Vertex AI's predict", () => {
  it('sends one instance per request with its task type and title; the first outputDimensionality as the parameter', () => {
    expect(convertGeminiEmbedToVertex(json(gemini.fixture('gemini-embed-request.json')), false)).toEqual({
      instances: [
        { content: 'What is the meaning of life?', task_type: 'RETRIEVAL_DOCUMENT', title: 'Philosophy notes' },
      ],
      parameters: { outputDimensionality: 4 },
    })
    expect(
      convertGeminiEmbedToVertex(
        { requests: [{ content: { parts: [{ text: 'a' }] } }, { content: { parts: [{ text: 'b' }, { text: 'c' }] } }] },
        true
      )
    ).toEqual({
      instances: [{ content: 'a' }, { content: 'b\nc' }],
    })
  })

  it("answers the predictions in Gemini's shape and bills Vertex's own token counts", () => {
    const predicted = json(reader.fixture('vertex-embed-predict.json'))
    expect(convertVertexEmbedToGemini(predicted, true)).toEqual({
      body: {
        embeddings: [{ values: [0.0107, -0.0312, 0.0452] }, { values: [-0.0221, 0.0118, 0.0674] }],
      },
      promptTokens: 17,
    })
    expect(convertVertexEmbedToGemini({ predictions: [{ embeddings: { values: [1, 2] } }] }, false)).toEqual({
      body: { embedding: { values: [1, 2] } },
      promptTokens: undefined,
    })
  })
})
