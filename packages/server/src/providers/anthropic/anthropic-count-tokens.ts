/**
 * Anthropic's token counting endpoint beside a channel's Messages URL: {base}/v1/messages/count_tokens,
 * with the same query (?beta=true).
 * @see https://docs.anthropic.com/en/api/messages-count-tokens
 */
export function countTokensUrl(messagesUrl: URL): URL {
  const url = new URL(messagesUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/count_tokens`
  return url
}
