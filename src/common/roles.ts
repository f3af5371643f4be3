export const ROLES = ["super_admin", "company_admin", "user"] as const;
export type Role = (typeof ROLES)[number];

/** Labels of requirements 1.6 and requirements 2.2 (sidebar, settings). */
export const ROLE_LABELS: Record<Role, string> = {
  super_admin: "Systemadministrator",
  company_admin: "Unternehmensadministrator",
  user: "Benutzer",
};

/** Short labels of the users table badges. */
export const ROLE_BADGES: Record<Role, string> = {
  super_admin: "Systemadmin",
  company_admin: "Unternehmensadmin",
  user: "Benutzer",
};

/**
 * The invited role as the /auth invitation banner names it: the spec's 'Unternehmens-Administrator'
 * and 'Benutzer', and for a super admin invitation (first start) the role it really becomes.
 */
export const invitedRoleLabel = (role: Role) =>
  role === "company_admin" ? "Unternehmens-Administrator" : role === "super_admin" ? ROLE_LABELS.super_admin : "Benutzer";

export const isAdminRole = (role: Role) => role === "super_admin" || role === "company_admin";
