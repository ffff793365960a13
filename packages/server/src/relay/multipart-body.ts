import { randomBytes } from 'node:crypto'

/** A multipart/form-data request body kept as it came, with its form parsed for routing and billing. */
export interface MultipartBody {
  bytes: Buffer
  contentType: string
  form: FormData
}

/** Parses a multipart body (audio uploads, image edits) without losing the original bytes. */
export async function readMultipart(bytes: Buffer, contentType: string): Promise<MultipartBody | undefined> {
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) return undefined
  try {
    const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType } }).formData()
    return { bytes, contentType, form }
  } catch {
    return undefined
  }
}

/** The form's text fields (files left out), for validation, pricing and the log. */
export function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value
  return fields
}

/** Total size of the form's files, in bytes. */
export function fileBytes(form: FormData): number {
  let total = 0
  for (const value of form.values()) if (typeof value !== 'string') total += value.size
  return total
}

const escapeName = (value: string) => value.replace(/"/g, '%22').replace(/\r|\n/g, ' ')

/** Encodes a form again (after a field changed, such as a mapped model), with a fresh boundary. */
export async function encodeMultipart(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const boundary = `----gateway${randomBytes(12).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n${value}\r\n`)
      )
    } else {
      const header = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"; filename="${escapeName(value.name || 'file')}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`
      parts.push(Buffer.from(header), Buffer.from(await value.arrayBuffer()), Buffer.from('\r\n'))
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { bytes: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/**
 * The body an upload is sent upstream with: the client's bytes as they came, unless the model is
 * mapped or the channel overrides parameters, in which case the form is encoded again.
 */
export async function uploadBody(
  multipart: MultipartBody,
  upstreamModel: string,
  paramOverride: Record<string, unknown> | undefined
): Promise<{ bytes: Buffer; contentType: string }> {
  const currentModel = multipart.form.get('model')
  if (currentModel === upstreamModel && !paramOverride)
    return { bytes: multipart.bytes, contentType: multipart.contentType }
  const form = new FormData()
  for (const [name, value] of multipart.form.entries()) if (name !== 'model') form.append(name, value)
  form.set('model', upstreamModel)
  for (const [name, value] of Object.entries(paramOverride ?? {}))
    form.set(name, typeof value === 'string' ? value : JSON.stringify(value))
  return encodeMultipart(form)
}
