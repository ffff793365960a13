import bcrypt from 'bcryptjs'

let cost = 10
// A real hash of a random string, compared against when the account does not exist, so that
// "no such user" takes as long as "wrong password" and the login answer reveals nothing. Made at
// the cost new hashes get, so the two take the same time.
let dummyHash = bcrypt.hashSync('dummy-password-never-matches', cost)

/**
 * The cost of new hashes. Only the service container's test override calls this (a test's many
 * hashes at cost 10 took most of the server suite's time); production always hashes at 10.
 */
export function setPasswordCost(value: number): void {
  if (value === cost) return
  cost = value
  dummyHash = bcrypt.hashSync('dummy-password-never-matches', cost)
}

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, cost)

export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, dummyHash)
    return false
  }
  return bcrypt.compare(password, hash)
}

/** The reference system once created root/123456; the login page warns while that is still true. */
export const DEFAULT_ROOT_PASSWORD = '123456'
