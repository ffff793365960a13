import { PassThrough, Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readBounded } from './relay-answers.ts'

describe('readBounded', () => {
  it('reads a body of one chunk and of many, multibyte characters split across chunks included', async () => {
    expect(await readBounded(Readable.from([Buffer.from('{"a":1}')]), 100)).toBe('{"a":1}')
    const bytes = Buffer.from('{"text":"你好"}')
    const pieces = [bytes.subarray(0, 10), bytes.subarray(10, 11), bytes.subarray(11)]
    expect(await readBounded(Readable.from(pieces), 100)).toBe('{"text":"你好"}')
  })

  it('refuses a body above the limit and stops reading it', async () => {
    const body = new PassThrough()
    const reading = readBounded(body, 10)
    body.write(Buffer.from('0123456789'))
    body.write(Buffer.from('x'))
    await expect(reading).rejects.toMatchObject({ code: 'response_too_large', status: 502 })
    expect(body.destroyed).toBe(true)
  })

  it('fails on a broken body and on one destroyed before its end, instead of waiting forever', async () => {
    const broken = new PassThrough()
    const first = readBounded(broken, 100)
    broken.write('{"a":')
    broken.destroy(new Error('socket hang up'))
    await expect(first).rejects.toThrow('socket hang up')
    const cut = new PassThrough()
    const second = readBounded(cut, 100)
    cut.write('{"a":')
    cut.destroy()
    await expect(second).rejects.toThrow('closed before its end')
  })
})
