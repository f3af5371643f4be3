import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";

export type AuditAction =
  | "user.login"
  | "user.register"
  | "user.update"
  | "user.role_change"
  | "user.password_reset"
  | "user.password_change"
  | "user.delete"
  | "user.delete_self"
  | "impersonation.start"
  | "impersonation.stop"
  | "company.create"
  | "company.update"
  | "company.delete"
  | "registration_link.create"
  | "registration_link.delete"
  | "project.delete"
  | "project.status_change"
  | "chatbot.prompt_save"
  | "chatbot.knowledge_create"
  | "chatbot.knowledge_update"
  | "chatbot.knowledge_delete"
  | "analysis.prompt_save"
  | "analysis.prompt_activate";

/** Who did what to whom; actor is the effective user, impersonator the admin behind it. */
export async function audit(
  db: Db,
  req: FastifyRequest | null,
  action: AuditAction,
  target: { type: string; id: string | number } | null,
  details?: Record<string, unknown>,
  actorOverride?: number,
) {
  await db.insert(auditLog).values({
    actorId: actorOverride ?? req?.auth?.user.id ?? null,
    impersonatorId: req?.auth?.impersonatorId ?? null,
    action,
    targetType: target?.type ?? null,
    targetId: target ? String(target.id) : null,
    details: details ?? null,
    ip: req?.ip ?? null,
  });
}
