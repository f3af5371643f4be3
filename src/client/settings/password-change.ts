// The Konto tab's error texts (requirements 2.8).
import { CURRENT_PASSWORD_INCORRECT } from "../../common/schemas/user";
import { RequestError } from "../lib/api";

export const PASSWORD_CHANGE_FAILED = "Passwortänderung fehlgeschlagen";
export const WRONG_CURRENT_PASSWORD = "Das aktuelle Passwort ist falsch. Bitte versuchen Sie es erneut.";
export const PASSWORD_CHANGE_ERROR = "Bei der Passwortänderung ist ein Fehler aufgetreten.";

export const isWrongCurrentPassword = (err: unknown) =>
  err instanceof RequestError && (err.serverMessage ?? "").includes(CURRENT_PASSWORD_INCORRECT);

/** The toast text for a failed change; the server's own German reason is added when it has one. */
export function passwordChangeErrorText(err: unknown): string {
  if (isWrongCurrentPassword(err)) return WRONG_CURRENT_PASSWORD;
  const reason = err instanceof RequestError ? err.serverMessage : null;
  return reason ? `${PASSWORD_CHANGE_ERROR} ${reason}` : PASSWORD_CHANGE_ERROR;
}
