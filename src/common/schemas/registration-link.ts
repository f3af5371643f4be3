import { z } from "zod";
import { ROLES } from "../roles";

/** Invitation schema of requirements 1.5 and requirements 2.5. */
export const registrationLinkSchema = z.object({
  email: z.string().trim().max(254).email("Invalid email address"),
  role: z.enum(ROLES, { error: "Ungültige Rolle" }),
  companyId: z.coerce
    .number({ error: "Unternehmen ist erforderlich" })
    .int("Unternehmen ist erforderlich")
    .min(1, "Unternehmen ist erforderlich"),
});
export type RegistrationLinkInput = z.infer<typeof registrationLinkSchema>;

/** Links are valid for 7 days. */
export const REGISTRATION_LINK_TTL_MS = 7 * 24 * 3_600_000;

export type RegistrationLinkStatus = "Aktiv" | "Verwendet" | "Abgelaufen";

export function registrationLinkStatus(link: { used: boolean; expiresAt: string | Date }, now = new Date()): RegistrationLinkStatus {
  if (link.used) return "Verwendet";
  return new Date(link.expiresAt).getTime() <= now.getTime() ? "Abgelaufen" : "Aktiv";
}
