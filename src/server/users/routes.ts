// User administration (requirements 2.2 and 2.6, docs/architecture.md "API contract"): list, update,
// password reset and deletion by admins; the own account's routes are in self-service.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../common/schemas/common";
import {
  OWN_ROLE_UNCHANGEABLE,
  PERSONAL_FIELDS,
  USER_RULES,
  assignableRoles,
  canDeleteUser,
  canEditPersonalData,
  canManageUser,
  canSeeUser,
  resetPasswordSchema,
  userUpdateSchema,
} from "../../common/schemas/user";
import type { AppDeps } from "../app";
import type { DbOrTx } from "../db/client";
import { requireRole } from "../auth/guards";
import { newPasswordHash } from "../auth/password-policy";
import { clearWrongPasswords } from "../auth/login-throttle";
import { emptyBodySchema } from "../../common/schemas/mfa";
import { endSessionsOf, type SessionUser } from "../auth/sessions";
import { audit } from "../audit/log";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "../http/errors";
import { findUserDto, listUsers, toUserDto } from "./dto";
import { userPageQueries } from "./list";
import { pageWindow, readPage, sendAll, sendPage } from "../http/list-page";
import { userListQuery } from "../../common/schemas/list-query";
import { adminPasswordResetSchema, loginUnlockSchema, userDeletedSchema, userListItemSchema } from "../../common/schemas/responses";
import {
  companyExists,
  deleteUserKeepingProjects,
  emailTaken,
  findUser,
  lockSuperAdmins,
  setPassword,
  updateUser,
  userRole,
  usernameTaken,
  visibleUsers,
} from "./queries";
import { selfServiceRoutes } from "./self-service";
import { createMailer, sendIfConfigured } from "../mail/mailer";
import { passwordResetMail } from "../mail/templates";

/** The target as the actor may see it; another company's user is a 404, not a 403. */
async function visibleTarget(db: DbOrTx, actor: SessionUser, id: number) {
  const target = await findUser(db, id);
  if (!target || !canSeeUser(actor, target)) throw notFound(USER_RULES.notFound);
  return target;
}

const manageRefusal = (target: SessionUser) => (target.role === "super_admin" ? USER_RULES.superAdminTarget : USER_RULES.adminTarget);

/** Username and e-mail are unique regardless of case; the texts are the ones the client maps. */
async function assertUnique(db: DbOrTx, id: number, username?: string, email?: string) {
  if (username !== undefined && (await usernameTaken(db, username, id))) throw conflict("Username already exists");
  if (email !== undefined && (await emailTaken(db, email, id))) throw conflict("Email already exists");
}

export const userRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const mailer = createMailer(deps.config.smtp, app.log);
    await app.register(selfServiceRoutes(deps));

    app.get(
      "/api/users",
      { schema: { querystring: userListQuery, response: { 200: z.array(userListItemSchema) } } },
      async (req, reply) => {
        const actor = requireRole(req, "super_admin", "company_admin");
        const scope = visibleUsers(actor);
        const page = pageWindow(req.query, "id");
        if (!page) return sendAll(reply, await listUsers(db, scope));
        return sendPage(reply, await readPage(db, page.q, (tx) => userPageQueries(tx, scope, page)), toUserDto);
      },
    );

    app.patch(
      "/api/users/:id",
      { schema: { params: idParam, body: userUpdateSchema, response: { 200: userListItemSchema } } },
      async (req) => {
        const actor = requireRole(req, "super_admin", "company_admin");
        const target = await visibleTarget(db, actor, req.params.id);
        const body = req.body;
        const isSelf = target.id === actor.id;
        if (Object.values(body).every((v) => v === undefined)) throw badRequest(USER_RULES.noChanges);
        if (isSelf && body.role !== undefined && body.role !== target.role) throw forbidden(OWN_ROLE_UNCHANGEABLE);
        if (!isSelf && !canManageUser(actor, target)) throw forbidden(manageRefusal(target));
        if (PERSONAL_FIELDS.some((f) => body[f] !== undefined) && !canEditPersonalData(actor)) throw forbidden(USER_RULES.personalData);
        if (body.role !== undefined && body.role !== target.role && !assignableRoles(actor).includes(body.role)) {
          throw forbidden(USER_RULES.roleNotAssignable);
        }
        if (body.companyId !== undefined && body.companyId !== target.companyId) {
          if (actor.role !== "super_admin") throw forbidden(USER_RULES.otherCompany);
          if (body.companyId !== null && !(await companyExists(db, body.companyId))) {
            throw badRequest(USER_RULES.companyUnknown, { companyId: USER_RULES.companyUnknown });
          }
        }
        await assertUnique(db, target.id, body.username, body.email);

        const changes = Object.fromEntries(
          Object.entries(body).filter(([k, v]) => v !== undefined && v !== target[k as keyof typeof target]),
        );
        if (Object.keys(changes).length > 0) {
          await updateUser(db, target.id, changes);
          const { role, ...rest } = changes;
          if (role !== undefined) {
            await audit(db, req, "user.role_change", { type: "user", id: target.id }, { from: target.role, to: role });
          }
          if (Object.keys(rest).length > 0) {
            const details: Record<string, unknown> = { fields: Object.keys(rest) };
            if ("companyId" in rest) Object.assign(details, { companyFrom: target.companyId, companyTo: rest.companyId });
            await audit(db, req, "user.update", { type: "user", id: target.id }, details);
          }
        }
        return (await findUserDto(db, target.id))!;
      },
    );

    app.post(
      "/api/users/:id/reset-password",
      { schema: { params: idParam, body: resetPasswordSchema, response: { 200: adminPasswordResetSchema } } },
      async (req) => {
        const actor = requireRole(req, "super_admin", "company_admin");
        const target = await visibleTarget(db, actor, req.params.id);
        if (target.id === actor.id) throw forbidden(USER_RULES.resetSelf);
        if (!canManageUser(actor, target)) throw forbidden(manageRefusal(target));
        const passwordHash = await newPasswordHash(req.body.newPassword, "newPassword");
        await db.transaction(async (tx) => {
          await setPassword(tx, target.id, passwordHash);
          // Whoever knew the old password is signed out everywhere, impersonations they run included.
          await endSessionsOf(tx, target.id);
        });
        await audit(db, req, "user.password_reset", { type: "user", id: target.id });
        // Only that it happened and who did it; the admin passes the password on another way.
        const mailed = await sendIfConfigured(
          mailer,
          passwordResetMail({ to: target.email, user: target, admin: actor, origin: deps.config.publicOrigin }),
        );
        return { message: "Passwort zurückgesetzt", mailed };
      },
    );

    // Lifts the lock after wrong passwords (auth/login-throttle.ts): a super admin's act.
    app.post(
      "/api/users/:id/unlock-login",
      {
        schema: {
          params: idParam,
          body: emptyBodySchema,
          summary: "Anmeldesperre nach falschen Passwörtern aufheben",
          response: { 200: loginUnlockSchema },
        },
      },
      async (req) => {
        const actor = requireRole(req, "super_admin");
        if (req.auth?.impersonatorId) throw forbidden();
        const target = await visibleTarget(db, actor, req.params.id);
        const lifted = await clearWrongPasswords(db, target.username);
        await audit(db, req, "user.login_unlocked", { type: "user", id: target.id }, { by: "super_admin", wasLocked: lifted });
        return {
          message: lifted ? "Anmeldesperre aufgehoben" : "Das Konto war nicht gesperrt; die Zählung falscher Passwörter beginnt neu.",
          lifted,
        };
      },
    );

    app.delete("/api/users/:id", { schema: { params: idParam, response: { 200: userDeletedSchema } } }, async (req) => {
      const actor = requireRole(req, "super_admin", "company_admin");
      const target = await visibleTarget(db, actor, req.params.id);
      if (target.id === actor.id) throw forbidden(USER_RULES.deleteSelf);
      if (!canDeleteUser(actor, target)) {
        throw forbidden(target.role === "super_admin" ? USER_RULES.superAdminTarget : USER_RULES.deleteAdmin);
      }
      const moved = await db.transaction(async (tx) => {
        const superAdmins = await lockSuperAdmins(tx);
        // The acting super admin may itself have been deleted a moment ago by another one.
        if (actor.role === "super_admin" && !superAdmins.includes(actor.id)) throw unauthorized();
        const current = await userRole(tx, target.id);
        if (!current) throw notFound(USER_RULES.notFound);
        if (current.role === "super_admin" && superAdmins.filter((id) => id !== target.id).length === 0) {
          throw conflict(USER_RULES.lastSuperAdmin);
        }
        // Written before the delete in the same transaction; the actor column outlives the user.
        const count = await deleteUserKeepingProjects(tx, target.id, actor.id);
        await audit(
          tx,
          req,
          "user.delete",
          { type: "user", id: target.id },
          {
            username: target.username,
            email: target.email,
            role: target.role,
            companyId: target.companyId,
            reassignedProjects: count,
          },
        );
        return count;
      });
      return { message: "Benutzer gelöscht", reassignedProjects: moved };
    });
  };
