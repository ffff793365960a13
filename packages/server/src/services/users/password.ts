import bcrypt from 'bcryptjs'

const COST = 10
// A real hash of a random string, compared against when the account does not exist, so that
// "no such user" takes as long as "wrong password" and the login answer reveals nothing.
const DUMMY_HASH = bcrypt.hashSync('dummy-password-never-matches', COST)

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, COST)

export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, DUMMY_HASH)
    return false
  }
  return bcrypt.compare(password, hash)
}

/** The reference system once created root/123456; the login page warns while that is still true. */
export const DEFAULT_ROOT_PASSWORD = '123456'
