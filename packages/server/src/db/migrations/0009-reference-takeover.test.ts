import { describe, expect, it } from 'vitest'
import { createReferenceDatabase, fingerprint, type ReferenceVersion } from '../../../test/reference-db/index.ts'

describe.each<ReferenceVersion>(['current', 'spec-era'])('reference database (%s)', (version) => {
  it('is built and filled as the reference leaves it', async () => {
    const ref = await createReferenceDatabase(version)
    try {
      const { db, close } = await ref.open()
      expect(await fingerprint(db, ref.tables)).toEqual(ref.before)
      await close()
      expect(ref.before.users?.rows).toBe(4)
    } finally {
      await ref.drop()
    }
  })
})
