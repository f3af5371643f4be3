import { z } from "zod";
import { ROLES } from "../roles";

/** The code of the 429 for an account locked after wrong passwords (server: auth/login-throttle.ts). */
export const ACCOUNT_LOCKED_CODE = "account_locked";

export const loginSchema = z.object({
  username: z.string().min(1, "Benutzername wird benötigt").max(256),
  password: z.string().min(1, "Passwort wird benötigt").max(1024),
  /** Only while the account is locked after wrong passwords: a TOTP or recovery code with the password. */
  code: z.string().trim().max(64).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The four character classes plus the length; each with the text the checklist shows. */
export const PASSWORD_RULES = [
  { id: "length", test: (p: string) => p.length >= 8, message: "Passwort muss mindestens 8 Zeichen haben", label: "Mindestens 8 Zeichen" },
  {
    id: "upper",
    test: (p: string) => /[A-ZÄÖÜ]/.test(p),
    message: "Passwort muss mindestens einen Großbuchstaben enthalten",
    label: "Ein Großbuchstabe",
  },
  {
    id: "lower",
    test: (p: string) => /[a-zäöüß]/.test(p),
    message: "Passwort muss mindestens einen Kleinbuchstaben enthalten",
    label: "Ein Kleinbuchstabe",
  },
  { id: "digit", test: (p: string) => /\d/.test(p), message: "Passwort muss mindestens eine Zahl enthalten", label: "Eine Zahl" },
  {
    id: "special",
    test: (p: string) => /[^A-Za-z0-9ÄÖÜäöüß\s]/.test(p),
    message: "Passwort muss mindestens ein Sonderzeichen enthalten",
    label: "Ein Sonderzeichen",
  },
] as const;

export const passwordSchema = PASSWORD_RULES.reduce(
  (schema, rule) => schema.refine(rule.test, rule.message),
  z.string().max(256, "Passwort ist zu lang"),
);

export const missingPasswordRules = (p: string) => PASSWORD_RULES.filter((r) => !r.test(p));

const username = z
  .string()
  .trim()
  .min(3, "Benutzername muss mindestens 3 Zeichen haben")
  .max(64, "Benutzername darf höchstens 64 Zeichen haben");

export const CHOSEN_EMAIL_INVALID = "Bitte geben Sie eine gültige E-Mail-Adresse ein";

/** The e-mail the first super admin chooses at registration (the first-start invitation names none). */
export const chosenEmailSchema = z
  .string()
  .trim()
  .min(1, "E-Mail-Adresse wird benötigt")
  .max(254, "E-Mail-Adresse ist zu lang")
  .pipe(z.email(CHOSEN_EMAIL_INVALID));

/** The register form on /auth (client), including the confirmation. */
export const registerFormSchema = z
  .object({
    firstName: z.string().trim().min(1, "Vorname wird benötigt").max(100),
    lastName: z.string().trim().min(1, "Nachname wird benötigt").max(100),
    username,
    password: passwordSchema,
    confirmPassword: z.string().min(1, "Bitte bestätigen Sie Ihr Passwort"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwörter stimmen nicht überein",
    path: ["confirmPassword"],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema> & { email?: string };

/** The same form when the invitation leaves the e-mail to the registrant (first start). */
export const registerFormWithEmailSchema = registerFormSchema.and(z.object({ email: chosenEmailSchema }));

/**
 * POST /api/register. email, role and companyId are accepted as the spec's client sends them,
 * but the server takes all three from the invitation, never from the body.
 */
export const registerBodySchema = z.object({
  token: z.string({ error: "Registration token is required" }).min(1, "Registration token is required").max(200),
  username: z.string({ error: "Username is required" }).trim().min(3, "Benutzername muss mindestens 3 Zeichen haben").max(64),
  password: z.string({ error: "Password is required" }).pipe(passwordSchema),
  firstName: z.string().trim().min(1, "Vorname wird benötigt").max(100),
  lastName: z.string().trim().min(1, "Nachname wird benötigt").max(100),
  email: z.string().optional(),
  role: z.enum(ROLES).optional(),
  companyId: z.number().int().nullable().optional(),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().max(256).optional().default(""),
  /** Instead of the current password: a fresh TOTP or recovery code (every role needs one of them). */
  code: z.string().trim().max(64).optional().default(""),
  newPassword: z.string().min(1, "Bitte füllen Sie alle Passwortfelder aus.").max(256),
});
