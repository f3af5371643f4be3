// MFA_REQUIRED_ROLES and the company flag: a signed-in user who must use a second factor but has
// none may only enrol. Every other API route answers 403 { code: "mfa_required", message }, the
// client then leads to Einstellungen → Konto. Routes that stay open declare
// `config: { mfaEnrolment: true }` (sign-in and sign-out, GET /api/user, the enrolment routes).
import type { FastifyRequest } from "fastify";
import { MFA_REQUIRED_CODE, MFA_TEXTS } from "../../common/schemas/mfa";
import { forbidden } from "../http/errors";
import { isApiRequest } from "../http/route-path";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Open to a user who still has to set up a required second factor. */
    mfaEnrolment?: boolean;
  }
}

/** Route config of the routes open during a required enrolment. */
export const ENROLMENT = { mfaEnrolment: true } as const;

/** Throws the 403 if the user must enrol first. */
export function refuseUntilEnrolled(req: FastifyRequest): void {
  if (!req.auth?.mfa.setupRequired || req.routeOptions.config?.mfaEnrolment) return;
  // The routed path, not req.url: `/%61pi/users` is routed to /api/users (issue 22).
  if (isApiRequest(req)) throw forbidden(MFA_TEXTS.required, { code: MFA_REQUIRED_CODE });
}
