import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { convertFromGeminiEmbeddings, convertToGeminiEmbeddings } from './convert-embeddings.ts'

/** OpenAI embeddings as batchEmbedContents, on the answer shape of Google's API reference. */
const answer = JSON.parse(readFileSync(join(import.meta.dirname, '__fixtures__/gemini-batch-embed.json'), 'utf8'))

describe('OpenAI embeddings over Gemini', () => {
  it('sends one request per input, with the model path and the dimensions', () => {
    expect(
      convertToGeminiEmbeddings({ model: 'client', input: ['a', 'b'], dimensions: 256 }, 'text-embedding-004')
    ).toEqual({
      requests: [
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'a' }] }, outputDimensionality: 256 },
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'b' }] }, outputDimensionality: 256 },
      ],
    })
    expect(convertToGeminiEmbeddings({ input: 'one' }, 'models/gemini-embedding-001').requests).toEqual([
      { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'one' }] } },
    ])
  })

  it('answers OpenAI’s list, in floats or in base64 float32 as asked', () => {
    const floats = convertFromGeminiEmbeddings(answer, 'client', 'float')
    expect(floats).toEqual({
      object: 'list',
      model: 'client',
      data: [
        { object: 'embedding', index: 0, embedding: [0.013168523, -0.008711934, -0.046782676] },
        { object: 'embedding', index: 1, embedding: [-0.007552176, 0.026034977, 0.011925308] },
      ],
    })
    const encoded = convertFromGeminiEmbeddings(answer, 'client', 'base64').data[0]?.embedding as string
    const decoded = Array.from(new Float32Array(new Uint8Array(Buffer.from(encoded, 'base64')).buffer))
    expect(decoded).toEqual(Array.from(new Float32Array([0.013168523, -0.008711934, -0.046782676])))
  })
})
