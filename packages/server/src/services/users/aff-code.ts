import { randomAlphanumeric } from '../../lib/crypto.ts'

/**
 * A user's invite code. The reference used 4 characters, which collide after a few thousand
 * users; 8 characters make a collision (refused by the unique index) vanishingly rare.
 */
export const newAffCode = (): string => randomAlphanumeric(8)
