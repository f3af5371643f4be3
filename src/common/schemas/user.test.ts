import { describe, expect, it } from "vitest";
import {
  assignableRoles,
  canDeleteUser,
  canImpersonate,
  canManageUser,
  canSeeUser,
  passwordChangeError,
  resetPasswordSchema,
  type UserRef,
} from "./user";

const sa: UserRef = { id: 1, role: "super_admin", companyId: null };
const adminA: UserRef = { id: 2, role: "company_admin", companyId: 10 };
const userA: UserRef = { id: 3, role: "user", companyId: 10 };
const admin2A: UserRef = { id: 4, role: "company_admin", companyId: 10 };
const saInA: UserRef = { id: 5, role: "super_admin", companyId: 10 };
const userB: UserRef = { id: 6, role: "user", companyId: 20 };
const orphanAdmin: UserRef = { id: 7, role: "company_admin", companyId: null };
const orphanUser: UserRef = { id: 8, role: "user", companyId: null };

describe("user permissions (requirements 2.6)", () => {
  it("a super admin sees, manages and deletes everyone but itself", () => {
    for (const t of [adminA, userA, saInA, userB]) {
      expect(canSeeUser(sa, t) && canManageUser(sa, t) && canDeleteUser(sa, t) && canImpersonate(sa, t)).toBe(true);
    }
    expect([canManageUser(sa, sa), canDeleteUser(sa, sa), canImpersonate(sa, sa)]).toEqual([false, false, false]);
  });

  it("a company admin stays inside its company and away from super admins and other admins", () => {
    expect([canSeeUser(adminA, userA), canManageUser(adminA, userA), canDeleteUser(adminA, userA)]).toEqual([true, true, true]);
    expect([canManageUser(adminA, admin2A), canDeleteUser(adminA, admin2A)]).toEqual([false, false]);
    expect([canSeeUser(adminA, saInA), canManageUser(adminA, saInA), canDeleteUser(adminA, saInA)]).toEqual([true, false, false]);
    expect([canSeeUser(adminA, userB), canManageUser(adminA, userB)]).toEqual([false, false]);
    expect(canImpersonate(adminA, userA)).toBe(false);
    expect(canSeeUser(orphanAdmin, orphanUser)).toBe(false);
  });

  it("a plain user manages nobody", () => {
    expect([canSeeUser(userA, adminA), canManageUser(userA, admin2A), canDeleteUser(userA, userB)]).toEqual([false, false, false]);
    expect(assignableRoles(userA)).toEqual([]);
  });

  it("roles: super admins give any role, company admins only their company's two", () => {
    expect(assignableRoles(sa)).toEqual(["super_admin", "company_admin", "user"]);
    expect(assignableRoles(adminA)).toEqual(["company_admin", "user"]);
  });
});

describe("password change messages (requirements 2.5 and 2.8)", () => {
  const ok = "Neu!Passwort1";
  it("needs all fields unless the current one is not required", () => {
    expect(passwordChangeError({ currentPassword: "", newPassword: ok, confirmPassword: ok }, true)).toBe(
      "Bitte füllen Sie alle Passwortfelder aus.",
    );
    expect(passwordChangeError({ currentPassword: "x", newPassword: ok, confirmPassword: "" }, true)).toBe(
      "Bitte füllen Sie alle Passwortfelder aus.",
    );
    expect(passwordChangeError({ currentPassword: "", newPassword: ok, confirmPassword: ok }, false)).toBeNull();
  });
  it("checks the confirmation, then lists every missing rule", () => {
    expect(passwordChangeError({ currentPassword: "x", newPassword: ok, confirmPassword: "Neu!Passwort2" }, true)).toBe(
      "Die neuen Passwörter stimmen nicht überein.",
    );
    expect(passwordChangeError({ currentPassword: "x", newPassword: "abc", confirmPassword: "abc" }, true)).toBe(
      "Das Passwort erfüllt nicht folgende Anforderungen: Mindestens 8 Zeichen, Ein Großbuchstabe, Eine Zahl, Ein Sonderzeichen",
    );
    expect(passwordChangeError({ currentPassword: "x", newPassword: ok, confirmPassword: ok }, true)).toBeNull();
  });
  it("the admin reset needs a non-empty password that meets the rules", () => {
    expect(resetPasswordSchema.safeParse({ newPassword: "" }).error?.issues[0].message).toBe("Bitte geben Sie ein neues Passwort ein.");
    expect(resetPasswordSchema.safeParse({ newPassword: "abcdefgh" }).success).toBe(false);
    expect(resetPasswordSchema.safeParse({ newPassword: ok }).success).toBe(true);
  });
});
