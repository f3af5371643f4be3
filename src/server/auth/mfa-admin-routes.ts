// Administration of second factors: a super admin resets another user's factors (TOTP, recovery
// codes, passkeys; the user's sessions end) — a peer super admin's only with the actor's own
// current TOTP code —, and a company admin requires a second factor for the own company.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../common/schemas/common";
import { MFA_TEXTS, mfaPolicySchema, mfaResetSchema } from "../../common/schemas/mfa";
import { USER_RULES } from "../../common/schemas/user";
import type { AppDeps } from "../app";
import { companyDtoSchema, mfaResetResultSchema } from "../../common/schemas/responses";
import { findUser } from "../users/queries";
import { updateCompany } from "../companies/queries";
import { deleteChallengesOf } from "./queries";
import { audit } from "../audit/log";
import { conflict, forbidden, notFound } from "../http/errors";
import { rateLimited } from "../http/rate-limit";
import { toCompanyDto } from "../companies/dto";
import { canAccessCompany, requireRole } from "./guards";
import { consumeTotpCode, removeSecondFactors } from "./mfa";
import { endSessionsOf } from "./sessions";

export const mfaAdminRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/users/:id/mfa/reset",
      {
        schema: { params: idParam, body: mfaResetSchema, response: { 200: mfaResetResultSchema } },
        config: rateLimited(config, 10, 15 * 60_000, MFA_TEXTS.tooManyAttempts),
      },
      async (req) => {
        const actor = requireRole(req, "super_admin");
        if (req.auth?.impersonatorId) throw forbidden();
        const target = await findUser(db, req.params.id);
        if (!target) throw notFound(USER_RULES.notFound);
        if (target.id === actor.id) throw forbidden(MFA_TEXTS.resetSelf);
        if (target.role === "super_admin") {
          // Four eyes are not enough: the acting super admin proves possession of their own factor.
          const self = await findUser(db, actor.id);
          const code = req.body.code;
          if (!self || !code || !(await consumeTotpCode(db, config, self, code))) {
            await audit(
              db,
              req,
              "user.mfa_reset_refused",
              { type: "user", id: target.id },
              { reason: code ? "code_invalid" : "code_missing" },
            );
            throw forbidden(MFA_TEXTS.resetPeerNeedsCode);
          }
        }
        const removed = await db.transaction(async (tx) => {
          const result = await removeSecondFactors(tx, target.id);
          // Whoever holds a session (or an impersonation by this account) or a pending login starts over.
          await endSessionsOf(tx, target.id);
          await deleteChallengesOf(tx, target.id);
          return result;
        });
        await audit(
          db,
          req,
          "user.mfa_reset",
          { type: "user", id: target.id },
          { username: target.username, role: target.role, ...removed },
        );
        return { message: "Zwei-Faktor-Anmeldung zurückgesetzt", ...removed };
      },
    );

    app.patch(
      "/api/companies/:id/mfa-policy",
      { schema: { params: idParam, body: mfaPolicySchema, response: { 200: companyDtoSchema } } },
      async (req) => {
        const actor = requireRole(req, "super_admin", "company_admin");
        if (!canAccessCompany(actor, req.params.id)) throw notFound("Unternehmen nicht gefunden");
        const { mfaRequired } = req.body;
        // An admin of this company without a second factor would lock themselves out at once.
        const mfa = req.auth!.mfa;
        if (mfaRequired && actor.companyId === req.params.id && !mfa.totp && mfa.passkeys === 0)
          throw conflict(MFA_TEXTS.policyNeedsOwnFactor);
        const updated = await updateCompany(db, req.params.id, { mfaRequired });
        if (!updated) throw notFound("Unternehmen nicht gefunden");
        await audit(db, req, "company.mfa_policy", { type: "company", id: updated.id }, { mfaRequired });
        return toCompanyDto(updated);
      },
    );
  };
