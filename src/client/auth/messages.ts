// Mapping of server answers to the texts of requirements 1.8 ("Sign-in and registration").
import { RequestError } from "../lib/api";

export const LOGIN_FAILED = "Ungültige Anmeldedaten. Bitte überprüfen Sie Ihren Benutzernamen und Ihr Passwort.";
export const LINK_INVALID = "Der Registrierungslink ist ungültig oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.";
export const LINK_CHECK_FAILED = "Es gab ein Problem bei der Überprüfung Ihres Registrierungslinks. Bitte versuchen Sie es später erneut.";
export const NO_LINK = "Kein gültiger Registrierungslink vorhanden";

export function loginErrorText(err: unknown): string {
  return err instanceof RequestError && err.serverMessage ? err.serverMessage : LOGIN_FAILED;
}

export function registrationErrorText(err: unknown): string {
  if (!(err instanceof RequestError) || err.serverMessage === null)
    return "Fehler bei der Registrierung. Bitte versuchen Sie es später erneut.";
  const m = err.serverMessage;
  if (m.includes("Username already exists"))
    return "Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen Benutzernamen.";
  if (m.includes("Email already exists")) return "Diese E-Mail-Adresse wird bereits verwendet. Bitte kontaktieren Sie den Support.";
  if (m.includes("Registration link")) return "Der Registrierungslink ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen Link an.";
  return m;
}
