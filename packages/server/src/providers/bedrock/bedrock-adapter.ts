import type { Endpoint, ProviderAdapter } from '../types.ts'
import { signAwsRequest, type AwsCredentials } from './aws-sigv4.ts'

/** The Anthropic API version Bedrock's Claude models take in the body. */
export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31'

/** Anthropic model names as Bedrock's model ids; other names are sent as they are (map them on the channel). */
const BEDROCK_MODEL_IDS: Record<string, string> = {
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-3-7-sonnet-20250219': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'claude-sonnet-4-20250514': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'claude-opus-4-20250514': 'anthropic.claude-opus-4-20250514-v1:0',
}

/** The channel key `AccessKeyId|SecretAccessKey|Region`; undefined when it has another shape. */
export function parseAwsKey(key: string): AwsCredentials | undefined {
  const [accessKeyId, secretAccessKey, region] = key
    .trim()
    .split('|')
    .map((part) => part.trim())
  return accessKeyId && secretAccessKey && region ? { accessKeyId, secretAccessKey, region } : undefined
}

function credentialsOf(key: string): AwsCredentials {
  const credentials = parseAwsKey(key)
  if (!credentials) throw new Error('the AWS channel key must be AccessKeyId|SecretAccessKey|Region')
  return credentials
}

/**
 * AWS Bedrock Claude (channel type 33): Anthropic's Messages body (with Bedrock's
 * anthropic_version, without model and stream) posted to the model's invoke URL, signed with
 * SigV4; streams come back in AWS's binary event-stream framing. The base URL, when set,
 * replaces https://bedrock-runtime.{region}.amazonaws.com.
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages.html
 */
export const bedrockAdapter: ProviderAdapter = {
  id: 'bedrock',
  protocol: 'anthropic',
  endpoints: new Set<Endpoint>(['messages']),
  passthrough: false,
  supportsStreamOptions: false,
  // Bedrock reads no anthropic-beta header: its Claude body takes the flags as a list.
  anthropicBeta: { via: 'body' },
  streamFraming: 'aws-event-stream',
  buildUrl(channel, _endpoint, upstreamModel, stream) {
    const { region } = credentialsOf(channel.key)
    const host = channel.baseUrl.replace(/\/+$/, '') || `https://bedrock-runtime.${region}.amazonaws.com`
    const modelId = encodeURIComponent(BEDROCK_MODEL_IDS[upstreamModel] ?? upstreamModel)
    return new URL(`${host}/model/${modelId}/${stream ? 'invoke-with-response-stream' : 'invoke'}`)
  },
  buildHeaders(): Record<string, string> {
    return { accept: 'application/json' }
  },
  adaptBody(body) {
    const { model: _model, stream: _stream, ...rest } = body
    return { ...rest, anthropic_version: BEDROCK_ANTHROPIC_VERSION }
  },
  signRequest(request, channel, now) {
    return signAwsRequest(
      { method: 'POST', url: request.url, headers: { 'content-type': 'application/json' }, body: request.body },
      credentialsOf(channel.key),
      'bedrock',
      now
    )
  },
}
