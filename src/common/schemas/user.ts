// User administration (requirements 2.5 and 2.6): the request schemas of the users API and the
// permission rules. The server enforces the rules; the client uses the same functions only to
// decide which buttons it shows.
import { z } from "zod";
import { ROLES, type Role } from "../roles";
import { PASSWORD_RULES, passwordSchema } from "./auth";

const name = z.string().trim().max(100, "Höchstens 100 Zeichen");

/** PATCH /api/users/:id. firstName, lastName, email and username are for super admins only. */
export const userUpdateSchema = z.object({
  role: z.enum(ROLES, { error: "Ungültige Rolle" }).optional(),
  companyId: z.number({ error: "Ungültiges Unternehmen" }).int().positive().max(2_147_483_647).nullable().optional(),
  firstName: name.optional(),
  lastName: name.optional(),
  email: z.string().trim().max(254).email("Gültige E-Mail-Adresse erforderlich").optional(),
  username: z
    .string()
    .trim()
    .min(3, "Benutzername muss mindestens 3 Zeichen haben")
    .max(64, "Benutzername darf höchstens 64 Zeichen haben")
    .optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
export const PERSONAL_FIELDS = ["firstName", "lastName", "email", "username"] as const;

/** POST /api/users/:id/reset-password: non-empty and the same rules as at registration. */
export const resetPasswordSchema = z.object({
  newPassword: z
    .string({ error: "Bitte geben Sie ein neues Passwort ein." })
    .min(1, "Bitte geben Sie ein neues Passwort ein.")
    .pipe(passwordSchema),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

// Texts of requirements 2.5 and 2.8 for the password change.
export const PASSWORD_FIELDS_REQUIRED = "Bitte füllen Sie alle Passwortfelder aus.";
export const PASSWORDS_DO_NOT_MATCH = "Die neuen Passwörter stimmen nicht überein.";
export const PASSWORD_REQUIREMENTS_PREFIX = "Das Passwort erfüllt nicht folgende Anforderungen: ";
export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";

/** 'Das Passwort erfüllt nicht folgende Anforderungen: …' with the missing rules, or null. */
export function passwordRequirementsError(password: string): string | null {
  const missing = PASSWORD_RULES.filter((r) => !r.test(password));
  return missing.length ? PASSWORD_REQUIREMENTS_PREFIX + missing.map((r) => r.label).join(", ") : null;
}

/**
 * The password change of the Konto tab (requirements 2.5). Returns the first message that
 * applies, or null. Every role gives the current password (docs/decisions/0017-password-change-proof.md).
 */
export function passwordChangeError(
  v: { currentPassword: string; newPassword: string; confirmPassword?: string },
  currentRequired: boolean,
): string | null {
  const confirm = v.confirmPassword ?? v.newPassword;
  if ((currentRequired && !v.currentPassword) || !v.newPassword || !confirm) return PASSWORD_FIELDS_REQUIRED;
  if (v.newPassword !== confirm) return PASSWORDS_DO_NOT_MATCH;
  if (v.newPassword.length > 256) return "Passwort ist zu lang";
  return passwordRequirementsError(v.newPassword);
}

// ---- Permissions of requirements 2.6 ----

export interface UserRef {
  id: number;
  role: Role;
  companyId: number | null;
}

export const OWN_ROLE_UNCHANGEABLE = "Sie können Ihre eigene Rolle nicht ändern.";
export const USER_RULES = {
  notFound: "Benutzer nicht gefunden",
  superAdminTarget: "Systemadministratoren können nur von Systemadministratoren verwaltet werden.",
  adminTarget: "Administratoren können nur von Systemadministratoren verwaltet werden.",
  personalData: "Nur Systemadministratoren können persönliche Daten ändern.",
  roleNotAssignable: "Diese Rolle dürfen Sie nicht vergeben.",
  otherCompany: "Sie können Benutzer keinem anderen Unternehmen zuordnen.",
  deleteSelf: "Sie können Ihr eigenes Konto hier nicht löschen. Verwenden Sie „Profil löschen“ in den Einstellungen.",
  deleteAdmin: "Unternehmensadministratoren können keine anderen Administratoren löschen.",
  lastSuperAdmin: "Der letzte Systemadministrator kann nicht gelöscht werden.",
  resetSelf: "Ihr eigenes Passwort ändern Sie in den Einstellungen unter „Konto“.",
  companyUnknown: "Unternehmen nicht gefunden",
  noChanges: "Keine Änderungen angegeben",
} as const;

const isSuper = (u: UserRef) => u.role === "super_admin";

/** May the actor see this user at all? Another company's user is "not found" for a company admin. */
export function canSeeUser(actor: UserRef, target: UserRef): boolean {
  if (actor.id === target.id || isSuper(actor)) return true;
  return actor.role === "company_admin" && actor.companyId !== null && target.companyId === actor.companyId;
}

/**
 * Manage dialog (role change) and password reset: others only. A company admin manages only plain
 * users of its company; another admin is a super admin's matter (issue 22: a company admin took
 * over a peer admin by resetting the password).
 */
export function canManageUser(actor: UserRef, target: UserRef): boolean {
  if (actor.id === target.id || !canSeeUser(actor, target)) return false;
  return isSuper(actor) || (actor.role === "company_admin" && target.role === "user");
}

/** Deletion: never oneself; a company admin only plain users of its own company. */
export function canDeleteUser(actor: UserRef, target: UserRef): boolean {
  if (actor.id === target.id || !canSeeUser(actor, target)) return false;
  return isSuper(actor) || (actor.role === "company_admin" && target.role === "user");
}

/** Roles the actor may give others; a company admin only within its company's two roles. */
export function assignableRoles(actor: UserRef): readonly Role[] {
  if (isSuper(actor)) return ROLES;
  if (actor.role === "company_admin") return ["company_admin", "user"];
  return [];
}

export const canEditPersonalData = (actor: UserRef) => isSuper(actor);
export const canImpersonate = (actor: UserRef, target: UserRef) => isSuper(actor) && actor.id !== target.id;
