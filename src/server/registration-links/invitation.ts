// What an invitation is made of: its secret token, the link that carries it, and the refusal for
// a company admin who has no company yet.
import { randomBytes } from "node:crypto";

export const NEEDS_COMPANY = "Ihnen muss zuerst ein Unternehmen zugewiesen werden. Bitte wenden Sie sich an den Support.";

export const newToken = () => randomBytes(32).toString("base64url");
export const invitationUrl = (origin: string, token: string) => `${origin}/auth?token=${encodeURIComponent(token)}`;
