/**
 * The output multiplier of a model. Family rules of the reference system come first for names
 * they match (names with a "/" check the option first); otherwise the CompletionRatio option,
 * otherwise the model catalog's ratio, otherwise 1.
 */
export function completionRatioFor(model: string, configured: Record<string, number>, catalog?: number): number {
  const fromOption = configured[model]
  if (model.includes('/') && fromOption !== undefined) return fromOption
  const family = familyCompletionRatio(model, fromOption)
  if (family !== undefined) return family
  return fromOption ?? catalog ?? 1
}

function familyCompletionRatio(name: string, fromOption: number | undefined): number | undefined {
  const model = name.toLowerCase()
  if (model.startsWith('gpt-4o')) return model === 'gpt-4o-2024-05-13' ? 3 : 4
  if (model.startsWith('gpt-4.5-preview')) return 2
  if (model.startsWith('gpt-4-turbo') || model.endsWith('-1106-preview') || model.endsWith('-0125-preview')) return 3
  if (model.startsWith('gpt-4.1')) return 4
  if (model.startsWith('gpt-4')) return fromOption ?? 2
  if (model.startsWith('o1') || model.startsWith('o3') || model.startsWith('o4')) return 4
  if (model.startsWith('chatgpt-4o-latest')) return 3
  if (model.startsWith('claude-instant-1') || model.startsWith('claude-2')) return 3
  if (model.startsWith('claude-3') || model.startsWith('claude-sonnet-4') || model.startsWith('claude-opus-4')) return 5
  if (model.startsWith('gpt-3.5')) {
    if (model === 'gpt-3.5-turbo' || model.endsWith('0125')) return 3
    if (model.endsWith('1106')) return 2
    return 4 / 3
  }
  if (model.startsWith('mistral-')) return 3
  if (model.startsWith('gemini-2.5-pro')) return 8
  if (model.startsWith('gemini-')) return fromOption ?? 4
  if (model.startsWith('command-r-plus')) return 5
  if (model.endsWith('-08-2024') && model.startsWith('command')) return 4
  if (model.startsWith('command-r')) return 3
  if (model.startsWith('command')) return 4
  if (model === 'deepseek-chat' || model === 'deepseek-reasoner') return 4
  if (/^ernie-(speed|lite|character|functions)/.test(model)) return 2
  if (model === 'llama2-70b-4096') return 1.25
  if (model === 'llama3-8b-8192') return 2
  if (model === 'llama3-70b-8192') return 1.339
  return undefined
}
