// Server answers of the users API in the words of the users screen (requirements 2.8).
import { errorMessage } from "../lib/api";

/** The server's message, with the English uniqueness texts in German. */
export function userErrorText(err: unknown): string {
  const m = errorMessage(err, "Unbekannter Fehler");
  if (m.includes("Username already exists")) return "Dieser Benutzername ist bereits vergeben.";
  if (m.includes("Email already exists")) return "Diese E-Mail-Adresse wird bereits verwendet.";
  return m;
}

export const NO_USER_PERMISSION = "Sie haben keine Berechtigung für die Benutzerverwaltung.";
export const NEEDS_COMPANY_NOTICE = "Ihnen muss zuerst ein Unternehmen zugewiesen werden. Bitte wenden Sie sich an den Support.";
