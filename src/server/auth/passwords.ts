import { hash, verify } from "@node-rs/argon2";

// argon2id with the library defaults (m=19456, t=2, p=1): ~18 ms a hash on these machines.
export const hashPassword = (password: string) => hash(password);

// Compared against when a username is unknown, so both paths cost the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash("timing-equaliser-not-a-password");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
