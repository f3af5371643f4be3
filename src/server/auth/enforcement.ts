// MFA_REQUIRED_ROLES and the company flag: a signed-in user who must use a second factor but has
// none may only enrol. Every other API route answers 403 { code: "mfa_required", message }, the
// client then leads to Einstellungen → Konto. Routes that stay open declare
// `config: { mfaEnrolment: true }` (sign-in and sign-out, GET /api/user, the enrolment routes).
import type { FastifyReply, FastifyRequest } from "fastify";
import { MFA_REQUIRED_CODE, MFA_TEXTS } from "../../common/schemas/mfa";
import { isApiRequest } from "../http/route-path";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Open to a user who still has to set up a required second factor. */
    mfaEnrolment?: boolean;
  }
}

/** Route config of the routes open during a required enrolment. */
export const ENROLMENT = { mfaEnrolment: true } as const;

/** Answers the request with the 403 if the user must enrol first; true when it did. */
export function refuseUntilEnrolled(req: FastifyRequest, reply: FastifyReply): boolean {
  if (!req.auth?.mfa.setupRequired || req.routeOptions.config?.mfaEnrolment) return false;
  // The routed path, not req.url: `/%61pi/users` is routed to /api/users (issue 22).
  if (!isApiRequest(req)) return false;
  void reply.status(403).send({ code: MFA_REQUIRED_CODE, message: MFA_TEXTS.required });
  return true;
}
