import bcrypt from 'bcryptjs'

let cost = 10
// A real hash of a random string, compared against when the account does not exist, so that
// "no such user" takes as long as "wrong password" and the login answer reveals nothing. Made at
// the cost new hashes get, so the two take the same time. Made when the service container starts
// (preparePasswordHashing), not at import: a cost-10 hash takes ~100 ms of CPU (more in pure JS on a
// busy machine), and every server test file imports this module, most at a lower cost.
let dummyHash: string | undefined
const makeDummyHash = (): string => bcrypt.hashSync('dummy-password-never-matches', cost)

/** Makes the dummy hash at the current cost, once; the service container calls it at start. */
export function preparePasswordHashing(): void {
  dummyHash ??= makeDummyHash()
}

/**
 * The cost of new hashes. Only the service container's test override calls this (a test's many
 * hashes at cost 10 took most of the server suite's time); production always hashes at 10.
 */
export function setPasswordCost(value: number): void {
  if (value === cost && dummyHash) return
  cost = value
  dummyHash = makeDummyHash()
}

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, cost)

export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, (dummyHash ??= makeDummyHash()))
    return false
  }
  return bcrypt.compare(password, hash)
}

/** The reference system once created root/123456; the login page warns while that is still true. */
export const DEFAULT_ROOT_PASSWORD = '123456'
