import { expect, it } from 'vitest'
import { NewestRead } from './newest-read.ts'

it('lets a read set a key unless a read that started later already did', () => {
  const reads = new NewestRead<string>()
  const older = reads.begin()
  const newer = reads.begin()
  expect(reads.take('a', newer)).toBe(true)
  expect(reads.take('a', older)).toBe(false)
  // Keys are apart: the older read is still the newest for another key.
  expect(reads.take('b', older)).toBe(true)
  expect(reads.take('a', newer)).toBe(true)
  expect(reads.take('a', reads.begin())).toBe(true)
})
