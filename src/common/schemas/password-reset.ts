// "Passwort vergessen?" (issue 27): the request by username or e-mail and the new password set
// through the single-use link. The new password follows the shared password policy.
import { z } from "zod";
import { passwordSchema } from "./auth";

export const PASSWORD_RESET_MINUTES = 30;

export const PASSWORD_RESET_TEXTS = {
  requested: `Falls es zu dieser Angabe ein Konto gibt, haben wir eine E-Mail mit einem Link geschickt. Der Link ist ${PASSWORD_RESET_MINUTES} Minuten gültig.`,
  noMail:
    "Diese Installation versendet keine E-Mails. Bitte wenden Sie sich an den Administrator Ihres Unternehmens; er kann Ihr Passwort zurücksetzen.",
  invalidLink: "Der Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.",
  done: "Ihr Passwort wurde geändert. Alle Anmeldungen wurden beendet; bitte melden Sie sich mit dem neuen Passwort an.",
  tooMany: "Zu viele Anfragen. Bitte versuchen Sie es später erneut.",
} as const;

export const passwordResetRequestSchema = z.object({
  identifier: z.string().trim().min(1, "Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein.").max(254),
});

const matching = { message: "Passwörter stimmen nicht überein", path: ["confirmPassword"] };

/** The new password and its confirmation (the form on the page). */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, "Bitte bestätigen Sie Ihr Passwort") })
  .refine((v) => v.password === v.confirmPassword, matching);

/** POST /api/password-reset/confirm */
export const passwordResetConfirmSchema = z
  .object({
    token: z.string().min(20).max(200),
    password: passwordSchema,
    confirmPassword: z.string().min(1, "Bitte bestätigen Sie Ihr Passwort"),
  })
  .refine((v) => v.password === v.confirmPassword, matching);
