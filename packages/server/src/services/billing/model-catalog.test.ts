import { describe, expect, it } from 'vitest'
import { buildCatalog, catalogEntry, ratioOf, toCatalogEntry } from './model-catalog.ts'

// Prices (USD per 1M tokens) and limits as the catalog package lists them.
const fixture = {
  azure: {
    id: 'azure',
    models: {
      'gpt-5': { cost: { input: 1.25, output: 10, cache_read: 0.13 }, limit: { context: 272000, output: 128000 } },
    },
  },
  openai: {
    id: 'openai',
    models: {
      'gpt-5': { cost: { input: 1.25, output: 10, cache_read: 0.13 }, limit: { context: 400000, output: 128000 } },
    },
  },
  anthropic: {
    id: 'anthropic',
    models: {
      'claude-opus-4-1-20250805': {
        cost: { input: 15, output: 75, cache_read: 1.5, cache_write: 18.75 },
        limit: { context: 200000, output: 32000 },
      },
    },
  },
  deepseek: {
    id: 'deepseek',
    models: {
      'deepseek-chat': {
        cost: { input: 0.57, output: 1.68, cache_read: 0.07 },
        limit: { context: 128000, output: 8192 },
      },
    },
  },
  'github-copilot': { id: 'github-copilot', models: { 'gpt-free': { limit: { context: 128000, output: 64000 } } } },
  opencode: {
    id: 'opencode',
    models: { 'claude-opus-4-1': { cost: { input: 16, output: 80 }, limit: { context: 200000, output: 32000 } } },
  },
  zhipuai: {
    id: 'zhipuai',
    models: {
      'glm-4.5': {
        cost: { input: 0.6, output: 2.2, cache_read: 0.11, cache_write: 0 },
        limit: { context: 131072, output: 98304 },
      },
    },
  },
  openrouter: {
    id: 'openrouter',
    models: { 'qwen/qwen3-max': { cost: { input: 1.2, output: 6 }, limit: { context: 262144, output: 32768 } } },
  },
}

describe('model catalog conversion', () => {
  it('turns USD per 1M tokens into the reference ratios, exactly', () => {
    const table = buildCatalog(fixture)
    expect(table.get('gpt-5')).toEqual({
      modelRatio: 0.625,
      completionRatio: 8,
      cacheRatio: 0.104,
      contextWindow: 400000,
      outputLimit: 128000,
      provider: 'openai',
    })
    expect(table.get('claude-opus-4-1-20250805')).toEqual({
      modelRatio: 7.5,
      completionRatio: 5,
      cacheRatio: 0.1,
      cacheCreationRatio: 1.25,
      contextWindow: 200000,
      outputLimit: 32000,
      provider: 'anthropic',
    })
    // 1.68 / 0.57 and 0.07 / 0.57 do not terminate: rounded to 12 significant digits.
    expect(table.get('deepseek-chat')).toEqual({
      modelRatio: 0.285,
      completionRatio: 2.94736842105,
      cacheRatio: 0.122807017544,
      contextWindow: 128000,
      outputLimit: 8192,
      provider: 'deepseek',
    })
  })

  it('keeps the maker over resellers, skips unpriced entries and adds undated and unprefixed aliases', () => {
    const table = buildCatalog(fixture)
    expect(table.get('gpt-5')?.provider).toBe('openai')
    expect(table.has('gpt-free')).toBe(false)
    // The maker's undated alias is preferred over a reseller's exact id.
    expect(table.get('claude-opus-4-1')).toBe(table.get('claude-opus-4-1-20250805'))
    expect(table.get('qwen3-max')).toEqual({
      modelRatio: 0.6,
      completionRatio: 5,
      contextWindow: 262144,
      outputLimit: 32768,
      provider: 'openrouter',
    })
    expect(table.get('qwen/qwen3-max')).toBe(table.get('qwen3-max'))
  })

  it('reads a zero cache price as not listed, never as free', () => {
    expect(buildCatalog(fixture).get('glm-4.5')).toEqual({
      modelRatio: 0.3,
      completionRatio: 3.66666666667,
      cacheRatio: 0.183333333333,
      contextWindow: 131072,
      outputLimit: 98304,
      provider: 'zhipuai',
    })
  })

  it('rounds away float noise only', () => {
    expect(0.13 / 1.25).not.toBe(0.104)
    expect(ratioOf(0.13, 1.25)).toBe(0.104)
    expect(ratioOf(1, 3)).toBe(0.333333333333)
    expect(toCatalogEntry('x', { cost: { input: 0, output: 1 } })).toBeUndefined()
  })

  it('reads the installed package: current models with prices and limits, prefixed names resolved', () => {
    expect(catalogEntry('gpt-5')).toMatchObject({
      modelRatio: 0.625,
      completionRatio: 8,
      outputLimit: 128000,
      provider: 'openai',
    })
    expect(catalogEntry('gemini-2.5-pro')).toMatchObject({
      modelRatio: 0.625,
      completionRatio: 8,
      contextWindow: 1048576,
      outputLimit: 65536,
      provider: 'google',
    })
    expect(catalogEntry('openai/gpt-5')).toBe(catalogEntry('gpt-5'))
    expect(catalogEntry('claude-opus-4-1')).toMatchObject({
      modelRatio: 7.5,
      completionRatio: 5,
      cacheRatio: 0.1,
      cacheCreationRatio: 1.25,
      provider: 'anthropic',
    })
    expect(catalogEntry('claude-sonnet-4')).toBe(catalogEntry('claude-sonnet-4-20250514'))
    expect(catalogEntry('no-such-model-anywhere')).toBeUndefined()
  })
})
