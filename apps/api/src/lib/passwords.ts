import bcrypt from 'bcrypt';

const ROUNDS = 10;
/** Compared against when the user does not exist, so a missing account takes as long as a wrong password. */
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', ROUNDS);

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, ROUNDS);

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return ok && !!hash;
}
