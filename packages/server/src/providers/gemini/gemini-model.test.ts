import { describe, expect, it } from 'vitest'
import { geminiModelObject, geminiModelPage } from './gemini-model.ts'

describe("models in Gemini's shape", () => {
  it('names the model models/{id}; embedding models embed, the others generate; both count tokens', () => {
    expect(geminiModelObject('gemini-2.5-flash')).toEqual({
      name: 'models/gemini-2.5-flash',
      baseModelId: 'gemini-2.5-flash',
      displayName: 'gemini-2.5-flash',
      supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
    })
    expect(geminiModelObject('text-embedding-004').supportedGenerationMethods).toEqual([
      'embedContent',
      'batchEmbedContents',
      'countTokens',
    ])
  })

  it('pages with pageSize and an opaque pageToken; the last page has no nextPageToken', () => {
    const ids = ['a', 'b', 'c', 'd', 'e']
    expect(geminiModelPage(ids, '2', undefined)).toEqual({
      models: [geminiModelObject('a'), geminiModelObject('b')],
      nextPageToken: '2',
    })
    expect(geminiModelPage(ids, '2', '4')).toEqual({ models: [geminiModelObject('e')] })
    expect(geminiModelPage(ids, undefined, undefined)?.models.map((m) => m.displayName)).toEqual(ids)
    expect(geminiModelPage(ids, '0', '')?.models).toHaveLength(5)
    expect(geminiModelPage(ids, '2', 'not-a-token')).toBeUndefined()
    expect(geminiModelPage(ids, '-1', undefined)).toBeUndefined()
  })
})
