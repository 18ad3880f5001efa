import { type Algorithm, hash, verify } from "@node-rs/argon2";

// Algorithm is an ambient const enum, which isolated modules cannot read at runtime.
const ARGON2ID = 2 as Algorithm;

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** False for a wrong password or a malformed hash; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the email is unknown, so the time taken does not tell
// whether an account exists.
let dummyHash: Promise<string> | null = null;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hashPassword("not-a-real-password-0000");
  return dummyHash.then((h) => verifyPassword(h, password));
}
