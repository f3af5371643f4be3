// Second factor, passkeys and sessions (issue 14): request schemas and the German texts both the
// server and the client use.
import { z } from "zod";

export const MFA_TEXTS = {
  required:
    "Für Ihr Konto ist eine Zwei-Faktor-Anmeldung vorgeschrieben. Bitte richten Sie sie unter Einstellungen → Konto ein, bevor Sie fortfahren.",
  codeInvalid: "Der Code ist ungültig. Bitte versuchen Sie es erneut.",
  codeRequired: "Bitte geben Sie den Code ein.",
  tooManyCodes: "Zu viele ungültige Codes. Bitte melden Sie sich erneut an.",
  accountThrottled: "Zu viele ungültige Codes für dieses Konto. Bitte warten Sie 15 Minuten und versuchen Sie es erneut.",
  pendingExpired: "Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut mit Benutzername und Passwort an.",
  passwordIncorrect: "Das Passwort ist nicht korrekt.",
  passwordRequired: "Bitte geben Sie Ihr Passwort ein.",
  alreadyEnabled: "Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.",
  noEnrolment: "Es läuft keine Einrichtung. Bitte starten Sie die Einrichtung erneut.",
  notEnabled: "Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.",
  passkeyFailed: "Die Anmeldung mit Passkey ist fehlgeschlagen.",
  passkeyRegisterFailed: "Der Passkey konnte nicht registriert werden. Bitte versuchen Sie es erneut.",
  passkeyExists: "Dieser Passkey ist bereits registriert.",
  passkeyNotFound: "Passkey nicht gefunden",
  sessionNotFound: "Sitzung nicht gefunden",
  resetSelf: "Ihre eigene Zwei-Faktor-Anmeldung verwalten Sie unter Einstellungen → Konto.",
  resetPeerNeedsCode:
    "Um die Zwei-Faktor-Anmeldung eines anderen Systemadministrators zurückzusetzen, geben Sie Ihren eigenen aktuellen Code aus Ihrer Authenticator-App ein.",
  policyNeedsOwnFactor:
    "Bitte richten Sie zuerst für Ihr eigenes Konto eine Zwei-Faktor-Anmeldung ein (Einstellungen → Konto), bevor Sie sie für das Unternehmen vorschreiben.",
  tooManyAttempts: "Zu viele Versuche. Bitte versuchen Sie es später erneut.",
} as const;

/** The error code of the 403 a user without a required second factor gets from every other route. */
export const MFA_REQUIRED_CODE = "mfa_required";

const password = z.string({ error: MFA_TEXTS.passwordRequired }).min(1, MFA_TEXTS.passwordRequired).max(256);
const code = z.string({ error: MFA_TEXTS.codeRequired }).trim().min(1, MFA_TEXTS.codeRequired).max(64);

/** Routes that take nothing: an empty JSON object, so stray fields or other bodies are a 400. */
export const emptyBodySchema = z.object({}).strict();

export const passwordBodySchema = z.object({ password }).strict();
export const codeBodySchema = z.object({ code }).strict();
export const mfaResetSchema = z.object({ code: code.optional() }).strict();
export const mfaPolicySchema = z.object({ mfaRequired: z.boolean() }).strict();

export const PASSKEY_NAME_MAX = 60;
export const passkeyNameSchema = z
  .string({ error: "Bitte geben Sie einen Namen ein." })
  .trim()
  .min(1, "Bitte geben Sie einen Namen ein.")
  .max(PASSKEY_NAME_MAX, `Der Name darf höchstens ${PASSKEY_NAME_MAX} Zeichen haben.`);

const b64 = z.string().max(65_536);
const credentialBase = {
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** A WebAuthn attestation as @simplewebauthn/browser's startRegistration() returns it. */
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64,
    attestationObject: b64,
    authenticatorData: b64.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64.optional(),
  }),
});

/** A WebAuthn assertion as startAuthentication() returns it. */
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64,
    authenticatorData: b64,
    signature: b64,
    userHandle: b64.optional(),
  }),
});

export const passkeyRegisterSchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema }).strict();
export const passkeyLoginSchema = z.object({ response: authenticationResponseSchema }).strict();
export const passkeyDeleteSchema = passwordBodySchema;
