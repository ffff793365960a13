/**
 * A context window or output limit as people read it: round thousands shortened (128K, 1M), the
 * others exact (16,384; 1,048,576), since providers publish both kinds and both matter.
 */
export function formatTokenCount(tokens: number): string {
  if (tokens >= 1_000_000 && tokens % 1_000_000 === 0) return `${tokens / 1_000_000}M`
  if (tokens >= 1000 && tokens % 1000 === 0) return `${tokens / 1000}K`
  return tokens.toLocaleString('en-US')
}
