// TOTP secrets at rest: AES-256-GCM with MFA_SECRET_KEY when it is set, bound to the user id
// (a ciphertext copied to another user's row does not decrypt). Without a key the base32 secret
// is stored as is (README, "Configuration"); a key added later encrypts each secret at its next
// enrolment, and plain secrets keep working.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { serverError } from "../http/errors";

const PREFIX = "enc:v1:";

export const MFA_KEY_MISSING =
  "Die Zwei-Faktor-Anmeldung ist auf dem Server nicht richtig eingerichtet (Schlüssel fehlt). Bitte wenden Sie sich an den Betreiber.";

export function sealSecret(secret: string, userId: number, key: Buffer | undefined): string {
  if (!key) return secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${PREFIX}${iv.toString("base64url")}:${cipher.getAuthTag().toString("base64url")}:${data.toString("base64url")}`;
}

export function openSecret(stored: string, userId: number, key: Buffer | undefined): string {
  if (!stored.startsWith(PREFIX)) return stored;
  // Encrypted with a key that is no longer configured (or a different one): refuse, never guess.
  if (!key) throw serverError(MFA_KEY_MISSING);
  const [iv, tag, data] = stored.slice(PREFIX.length).split(":");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv ?? "", "base64url"));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag ?? "", "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data ?? "", "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw serverError(MFA_KEY_MISSING);
  }
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);
