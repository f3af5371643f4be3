// Role and company checks every route uses; the client's hiding of buttons is convenience only.
import type { FastifyRequest } from "fastify";
import type { Role } from "../../common/roles";
import { forbidden, unauthorized } from "../http/errors";
import type { AuthContext, SessionUser } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.auth) throw unauthorized();
  return req.auth.user;
}

export function requireRole(req: FastifyRequest, ...roles: Role[]): SessionUser {
  const user = requireUser(req);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

export const isSuperAdmin = (u: SessionUser) => u.role === "super_admin";

/** May this user read data of that company? */
export function canAccessCompany(u: SessionUser, companyId: number | null): boolean {
  if (u.role === "super_admin") return true;
  return companyId !== null && u.companyId === companyId;
}
