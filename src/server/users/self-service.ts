// The signed-in user's own account: password change (Konto tab) and profile deletion (Profil
// tab), requirements 2.2, 2.5, 2.7 and 2.8.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changePasswordSchema } from "../../common/schemas/auth";
import { CURRENT_PASSWORD_INCORRECT, PASSWORD_FIELDS_REQUIRED, USER_RULES } from "../../common/schemas/user";
import { MFA_TEXTS } from "../../common/schemas/mfa";
import type { AppDeps } from "../app";
import { requireUser } from "../auth/guards";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { newPasswordError } from "../auth/password-policy";
import { verifyOwnPassword } from "../auth/login-throttle";
import { auditLoginFailure, secondFactorCode } from "../auth/login-flow";
import { endSession, endSessionsOf } from "../auth/sessions";
import { audit } from "../audit/log";
import { rateLimited } from "../http/rate-limit";
import { badRequest, conflict, forbidden } from "../http/errors";
import { messageSchema } from "../../common/schemas/responses";
import { deleteUser, deleteUserKeepingProjects, lockSuperAdmins, ownsAnyProject, setPassword } from "./queries";

export const NOT_WHILE_IMPERSONATING = "Während einer Impersonation nicht möglich. Bitte beenden Sie zuerst die Impersonation.";
const NO_SUPER_ADMIN = "Es gibt keinen Systemadministrator, der Ihre Projekte übernehmen kann. Bitte wenden Sie sich an den Support.";

export const selfServiceRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/user/change-password",
      {
        schema: { body: changePasswordSchema, response: { 200: messageSchema } },
        // The current password must not be guessable through this route.
        config: rateLimited(config, 10, 15 * 60_000, "Zu viele Versuche. Bitte versuchen Sie es später erneut."),
      },
      async (req) => {
        const user = requireUser(req);
        if (req.auth?.impersonatorId) throw forbidden(NOT_WHILE_IMPERSONATING);
        const { currentPassword, code, newPassword } = req.body;
        // Every role proves it is the owner: the current password, or a fresh second-factor code
        // (docs/decisions/0017-password-change-proof.md; the spec let a super admin skip it).
        if (!currentPassword && !code) throw badRequest(PASSWORD_FIELDS_REQUIRED);
        const requirements = newPasswordError(newPassword);
        if (requirements) throw badRequest(requirements, { newPassword: requirements });
        if (currentPassword) {
          if (!(await verifyOwnPassword(db, req, user, currentPassword, verifyPassword))) throw badRequest(CURRENT_PASSWORD_INCORRECT);
        } else if (!(await secondFactorCode(db, config, user, code))) {
          await auditLoginFailure(db, req, user.id, "code");
          throw badRequest(MFA_TEXTS.codeInvalid, { code: MFA_TEXTS.codeInvalid });
        }
        const passwordHash = await hashPassword(newPassword);
        await db.transaction(async (tx) => {
          await setPassword(tx, user.id, passwordHash);
          // Other devices and every impersonation this user runs end; this device stays signed in.
          await endSessionsOf(tx, user.id, req.auth!.sessionId);
        });
        await audit(db, req, "user.password_change", { type: "user", id: user.id });
        return { message: "Passwort geändert" };
      },
    );

    app.delete(
      "/api/user/delete-profile",
      { schema: { summary: "Eigenes Konto löschen", response: { 200: messageSchema } } },
      async (req, reply) => {
        const user = requireUser(req);
        if (req.auth?.impersonatorId) throw forbidden(NOT_WHILE_IMPERSONATING);
        await db.transaction(async (tx) => {
          const otherSuperAdmins = (await lockSuperAdmins(tx)).filter((id) => id !== user.id);
          if (user.role === "super_admin" && otherSuperAdmins.length === 0) throw conflict(USER_RULES.lastSuperAdmin);
          const heir = otherSuperAdmins[0];
          if (heir === undefined) {
            // Only possible while no super admin exists: a user without projects may still leave.
            if (await ownsAnyProject(tx, user.id)) throw conflict(NO_SUPER_ADMIN);
          }
          // Written before the delete in the same transaction; the row outlives the user.
          await audit(
            tx,
            req,
            "user.delete_self",
            { type: "user", id: user.id },
            {
              username: user.username,
              email: user.email,
              role: user.role,
              companyId: user.companyId,
              projectsTo: heir ?? null,
            },
          );
          if (heir !== undefined) await deleteUserKeepingProjects(tx, user.id, heir);
          else await deleteUser(tx, user.id);
        });
        await endSession(db, req, reply);
        return { message: "Profil gelöscht" };
      },
    );
  };
